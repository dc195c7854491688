"""French (Français): the UI strings and the rules help.

Game terms follow the French TAKI rules text: carte de tête, pioche, dernière carte,
TAKI fermé, Changement de couleur / de direction, Roi, Briseur +3, tournoi en étapes.
"""

MESSAGES: dict[str, str] = {
    # app
    "this computer": "cet ordinateur",
    "A name is 1 to 24 printable characters.": "Un nom compte de 1 à 24 caractères imprimables.",
    "Friends join with:": "Vos amis se connectent avec :",
    "Not connected.": "Non connecté.",
    "Type an address like 192.168.1.23:8254": "Saisissez une adresse comme 192.168.1.23:8254",
    "no answer": "pas de réponse",
    "Not connected: retrying...": "Non connecté : nouvel essai...",
    "Connection lost: reconnecting...": "Connexion perdue : reconnexion...",
    "Connection": "Connexion",
    "Refused": "Refusé",
    "Your seat is gone: the table closed or a bot took it.": (
        "Votre place n'existe plus : la table a fermé ou un bot l'a prise."
    ),
    "New game: {name} starts.": "Nouvelle partie : {name} commence.",
    "New game: you start.": "Nouvelle partie : vous commencez.",
    # lobby
    "stairs": "tournoi",
    "must play": "jeu obligatoire",
    "places": "classement",
    "turn": "tour",
    "Id": "N°",
    "Table": "Table",
    "Seats": "Places",
    "State": "État",
    "Watching": "Spectateurs",
    "Options": "Options",
    "No tables yet: press n to open one.": "Aucune table : appuyez sur n pour en ouvrir une.",
    "n new table · Enter join · w watch · ? help · q back": (
        "n nouvelle table · Enter rejoindre · w regarder · ? aide · q retour"
    ),
    "Press q again to quit.": "Appuyez encore sur q pour quitter.",
    "New table": "Nouvelle table",
    "(Enter creates, Esc cancels)": "(Enter crée, Esc annule)",
    "Name": "Nom",
    "Seats (2-10)": "Places (2-10)",
    "Stairs (8-stage tournament)": "Tournoi (8 étapes)",
    "Must play if able (no drawing while you can play)": (
        "Jeu obligatoire (pas de pioche tant que vous pouvez jouer)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "Jouer pour le classement (on continue pour la 2e, la 3e ... place)"
    ),
    "Turn timer in seconds (0: none)": "Temps par tour en secondes (0 : aucun)",
    "+3 answer window in seconds": "Délai de réponse au +3 en secondes",
    "Seats must be between 2 and 10.": "Le nombre de places doit être entre 2 et 10.",
    "The +3 window must be 1 to 60 seconds.": "Le délai du +3 doit être de 1 à 60 secondes.",
    "The turn timer must be 0 or 5 to 600 seconds.": (
        "Le temps par tour doit être 0 ou de 5 à 600 secondes."
    ),
    "Give the table a name.": "Donnez un nom à la table.",
    "Lobby": "Salon",
    "Create": "Créer",
    "Cancel": "Annuler",
    # table states (protocol TABLE_STATES, shown through _(info.state))
    "waiting": "en attente",
    "playing": "en cours",
    "over": "terminée",
    # start
    "Starting a table with three bots...": "Création d'une table avec trois bots...",
    "Starting a server for your LAN...": "Démarrage d'un serveur pour votre réseau local...",
    "Your name": "Votre nom",
    "p play now · h host · j join · ? help · q quit": (
        "p jouer · h héberger · j rejoindre · ? aide · q quitter"
    ),
    "Play now": "Jouer maintenant",
    "Host a game for the LAN": "Héberger une partie sur le réseau local",
    "host:port": "hôte:port",
    "Join": "Rejoindre",
    # table
    "Name the new colour:": "Choisissez la nouvelle couleur :",
    "Esc: cancel": "Esc : annuler",
    "t: chat": "t : discuter",
    "(watching)": "(spectateur)",
    "(spectator)": "(spectateur)",
    "Players": "Joueurs",
    "(free seat)": "(place libre)",
    "you": "vous",
    "bot": "bot",
    "disconnected": "déconnecté",
    "stage {n}": "étape {n}",
    "LAST CARD!": "DERNIÈRE CARTE !",
    "Leading card": "Carte de tête",
    "Colour": "Couleur",
    "Draw pile": "Pioche",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Vous êtes l'hôte : a ajouter un bot, x retirer un bot, s commencer."
    ),
    "Waiting for the host to start the game.": "En attente du lancement par l'hôte.",
    "Game over.": "Partie terminée.",
    "{name} wins!": "{name} gagne !",
    "r: rematch": "r : revanche",
    "+2 stack: {n}": "+2 cumulés : {n}",
    "+3 from {name}": "+3 de {name}",
    "open {color} TAKI": "TAKI {color} ouvert",
    "{color} TAKI run": "série du TAKI {color}",
    "Plus: play one more card or draw": "Plus : jouez une carte de plus ou piochez",
    "King: play any card or end the turn (e)": (
        "Roi : jouez n'importe quelle carte ou finissez le tour (e)"
    ),
    "Your move!": "À vous de jouer !",
    "Waiting for {name}": "En attente de {name}",
    "draw": "piocher",
    "close TAKI": "fermer le TAKI",
    "end turn": "finir le tour",
    "last card": "dernière carte",
    "break +3": "briser le +3",
    "pass": "passer",
    "choose": "choisir",
    "play": "jouer",
    "chat": "discuter",
    "help": "aide",
    "leave": "quitter",
    "add bot": "ajouter un bot",
    "remove bot": "retirer un bot",
    "start": "commencer",
    "rematch": "revanche",
    "replay": "revoir la partie",
    "That card cannot be played now.": "Cette carte ne peut pas être jouée maintenant.",
    "Press q again to leave the game (a bot will take your seat).": (
        "Appuyez encore sur q pour quitter la partie : un bot prendra votre place."
    ),
    # seat changes (state)
    "{name} sat down": "{name} a pris place",
    "{name} left": "{name} a quitté la table",
    "{name} left; a bot plays the seat": "{name} a quitté la table : un bot a pris sa place",
    "A bot stands in for {name}": "Un bot remplace {name}",
    "{name} lost the connection": "{name} a perdu la connexion",
    "{name} is back": "{name} est de retour",
    # cards and colours (words); colour words are masculine, as for "le 7", "le Stop"
    "red": "rouge",
    "green": "vert",
    "blue": "bleu",
    "yellow": "jaune",
    "{color} {card}": "{card} {color}",
    "Stop": "Stop",
    "Change Direction": "Changement de direction",
    "Plus": "Plus",
    "Change Colour": "Changement de couleur",
    "Super TAKI": "Super TAKI",
    "King": "Roi",
    "+3 Breaker": "Briseur +3",
    "1 card": "1 carte",
    "{n} cards": "{n} cartes",
    # the game log (words)
    "{who} played {card}": "{who} a joué {card}",
    "colour is now {color}": "nouvelle couleur : {color}",
    "{who} drew {cards}": "{who} a pioché {cards}",
    "(+2 stack)": "(+2 cumulés)",
    "(owed after a Plus)": "(dû après un Plus)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(son +3 a été brisé)",
    "(+3 Breaker penalty)": "(pénalité du Briseur +3)",
    "(did not declare last card)": "(dernière carte non annoncée)",
    "(next stage)": "(étape suivante)",
    "{who} declared last card": "{who} a dit « dernière carte »",
    "{who} closed the TAKI": "{who} a fermé le TAKI",
    "{who} left the TAKI open": "{who} a laissé le TAKI ouvert",
    "{who} ended the turn": "{who} a fini son tour",
    "{who} let the +3 through": "{who} a laissé passer le +3",
    "{who} broke the +3!": "{who} a brisé le +3 !",
    "{who}: turn skipped": "{who} : tour sauté",
    "{who} cleared a stage: now stage {n}": (
        "{who} a franchi une étape : désormais à l'étape {n}"
    ),
    "Direction reversed": "Sens du jeu inversé",
    "The discard pile was shuffled into a new draw pile": (
        "La pile de défausse a été mélangée pour former une nouvelle pioche"
    ),
    "{who} cancelled the +{n} stack with a King": "{who} a annulé les +{n} cumulés avec un Roi",
    "{who} cancelled the +3 with a King": "{who} a annulé le +3 avec un Roi",
    "{who} wins!": "{who} gagne !",
    "{who} finishes in place {n}": "{who} termine à la {n}e place",
    # the game log, the player's own events (words)
    "You played {card}": "Vous avez joué {card}",
    "You drew {cards}": "Vous avez pioché {cards}",
    "You declared last card": "Vous avez dit « dernière carte »",
    "You closed the TAKI": "Vous avez fermé le TAKI",
    "You left the TAKI open": "Vous avez laissé le TAKI ouvert",
    "You ended the turn": "Vous avez fini votre tour",
    "You let the +3 through": "Vous avez laissé passer le +3",
    "You broke the +3!": "Vous avez brisé le +3 !",
    "Your turn is skipped": "Votre tour est sauté",
    "You cleared a stage: now stage {n}": "Vous avez franchi une étape : désormais à l'étape {n}",
    "You cancelled the +{n} stack with a King": "Vous avez annulé les +{n} cumulés avec un Roi",
    "You cancelled the +3 with a King": "Vous avez annulé le +3 avec un Roi",
    "You win!": "Vous gagnez !",
    "You finish in place {n}": "Vous terminez à la {n}e place",
    # LAN discovery (start screen)
    "Cannot look for games on this network: join by address.": (
        "Impossible de chercher des parties sur ce réseau : rejoignez par adresse."
    ),
    "Games on your network (g):": "Parties sur votre réseau (g) :",
    "Looking for games on your network...": "Recherche de parties sur votre réseau...",
    "open tables: {count}": "tables ouvertes : {count}",
    "another version of taki": "une autre version de taki",
    "Joining {address}...": "Connexion à {address}...",
    # replay (a finished game, step by step)
    "Replay": "Revoir la partie",
    "step {n} of {total}": "coup {n} sur {total}",
    "The deal.": "La donne.",
    "This replay does not follow the rules here; it stops.": (
        "Ici, la partie enregistrée ne suit pas les règles : la relecture s'arrête."
    ),
    "→ forward · ← back · PgUp/PgDn ten · Home/End · q close": (
        "→ avancer · ← reculer · PgUp/PgDn dix · Home/End · q fermer"
    ),
}

RULES: str = """\
# TAKI

**But** : être le premier à vider sa main. Jouez une carte de la même **couleur** ou du
même **symbole** que la carte de tête, ou une carte incolore ; sinon piochez une carte
(votre tour s'arrête).

**Dernière carte** : si votre tour se termine avec une seule carte en main, vous devez
avoir dit *dernière carte* (touche **l**) pendant ce tour, sinon vous piochez 4 cartes.

## Cartes d'action
- **Stop** : le joueur suivant passe son tour (à 2 joueurs, vous rejouez).
- **+2** : le joueur suivant ajoute un +2, joue un Roi, ou pioche tous les +2 cumulés.
- **Changement de direction** (<->) : le sens du jeu s'inverse.
- **Plus** : jouez une carte de plus (elle doit correspondre), ou piochez 1. Un Plus ne
  peut pas faire gagner.
- **TAKI** : jouez autant de cartes de sa couleur que vous voulez, puis **fermez** le TAKI
  (touche **c**) ; seule l'action de la dernière carte compte. Laissé ouvert (**e**), il
  peut être continué par le joueur suivant.
- **Changement de couleur** : annoncez la nouvelle couleur (pas sur des +2 cumulés ni sur
  un +3 en attente).
- **Super TAKI** : un TAKI de la couleur active.
- **Roi** : annule des +2 cumulés ou un +3 ; puis jouez n'importe quelle carte, ou
  finissez le tour (**e**).
- **+3** : tous les autres piochent 3, sauf si quelqu'un le **brise** (**b**) avec un
  Briseur +3 : c'est alors le joueur du +3 qui pioche 3. Les autres peuvent **passer**
  (**p**).
- **Briseur +3** joué pendant votre propre tour : vous piochez 3 ; le joueur suivant suit
  la carte qui est dessous.

## Règles maison (les nôtres, pas celles du livret)
- Une carte de départ incolore va sous la pioche ; on retourne la suivante.
- L'hôte choisit qui commence (au hasard par défaut).
- Vous pouvez piocher même si vous pouviez jouer (sauf si la table impose le *jeu
  obligatoire*).
- Options de la table : *tournoi* (un tournoi en 8 étapes), *jouer pour le classement*.

## Touches
| touche | action |
|---|---|
| ←/→ ou 1-9 | choisir une carte |
| Enter ou clic | la jouer |
| d | piocher |
| c | fermer le TAKI |
| e | finir le tour (après un Roi, ou pour laisser un TAKI ouvert) |
| l | dire « dernière carte » |
| b / p | briser / passer un +3 |
| r, g, b, y | nommer la couleur d'un Changement de couleur (rouge, vert, bleu, jaune) |
| t | discuter |
| s, a, A, x, r | hôte : lancer, ajouter un bot simple / aléatoire, retirer un bot, revanche |
| v | revoir la partie terminée coup par coup (→ / ← pendant la relecture) |
| q | quitter la table |
| ? | cette aide (Esc la ferme) |
"""

# LAN: hosting, unreachable servers, a stopped server, discovery (issue 12).
MESSAGES.update({
    "The server is back.": "Le serveur est de retour.",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "Le port {busy} est pris par un autre programme : votre serveur utilise le port {port}."
    ),
    "The server was stopped: waiting for it...": (
        "Le serveur a été arrêté : en attente de son retour..."
    ),
    "Cannot host": "Impossible d'héberger",
    "The server was stopped.": "Le serveur a été arrêté.",
    "Cannot reach {address}: {reason}": "Impossible de joindre {address} : {reason}",
    "Trying again now...": "Nouvel essai en cours...",
    "No such host: {host}.": "Hôte inconnu : {host}.",
    "Nothing answers at {address}.": "Rien ne répond à {address}.",
    "No answer from {address}.": "Pas de réponse de {address}.",
    "e edit the address · b back · q quit": "e modifier l'adresse · b retour · q quitter",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "Nouvel essai dans {seconds} s (essai {attempt})."
    ),
    "Cannot join {address}": "Impossible de rejoindre {address}",
    "Enter: on to the lobby · i shows this again": "Enter: vers le salon · i réaffiche ceci",
    "y quit and stop the server · n stay": "y quitter et arrêter le serveur · n rester",
    "Your server is running. Friends type one of these:": (
        "Votre serveur tourne. Vos amis tapent l'une de ces commandes :"
    ),
    "{count} other players are at your server. Quitting stops it for them too.": (
        "{count} autres joueurs sont sur votre serveur. Quitter l'arrête aussi pour eux."
    ),
    "(this machine)": "(cette machine)",
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "Pas de recherche de parties (TAKI_DISCOVERY=off) : rejoignez par adresse."
    ),
    "No games found on this network (r looks again).": (
        "Aucune partie trouvée sur ce réseau (r pour chercher encore)."
    ),
})
