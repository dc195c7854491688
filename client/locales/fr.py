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
    "Connection lost: reconnecting in": "Connexion perdue : reconnexion dans",
    "Connection lost": "Connexion perdue",
    # lobby
    "stairs": "tournoi",
    "must play": "jeu obligatoire",
    "places": "classement",
    "turn": "tour",
    "Table": "Table",
    "Seats": "Places",
    "State": "État",
    "Watching": "Spectateurs",
    "Options": "Options",
    "No tables yet: press n to open one.": "Aucune table : appuyez sur n pour en ouvrir une.",
    "n new table · Enter join · w watch · ? help · q back": (
        "n nouvelle table · Enter rejoindre · w regarder · ? aide · q retour"
    ),
    "New table": "Nouvelle table",
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
    "cards": "cartes",
    "stage": "étape",
    "LAST CARD!": "DERNIÈRE CARTE !",
    "Leading card": "Carte de tête",
    "Colour": "Couleur",
    "Draw pile": "Pioche",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Vous êtes l'hôte : a ajouter un bot, x retirer un bot, s commencer."
    ),
    "Waiting for the host to start the game.": "En attente du lancement par l'hôte.",
    "Game over.": "Partie terminée.",
    "wins!": "gagne !",
    "r: rematch": "r : revanche",
    "stack": "cumulés",
    "from": "de",
    "open TAKI": "TAKI ouvert",
    "TAKI run": "série TAKI",
    "Plus: play one more card or draw": "Plus : jouez une carte de plus ou piochez",
    "King: play any card or end the turn (e)": (
        "Roi : jouez n'importe quelle carte ou finissez le tour (e)"
    ),
    "Your move!": "À vous de jouer !",
    "Waiting for": "En attente de",
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
    "That card cannot be played now.": "Cette carte ne peut pas être jouée maintenant.",
}

RULES: str = """\
# TAKI

**But** : être le premier à vider sa main. Jouez une carte de la même **couleur** ou du
même **symbole** que la carte de tête, ou une carte incolore ; sinon piochez une carte
(votre tour s'arrête).

**Dernière carte** : si votre tour se termine avec une seule carte en main, vous devez
avoir dit *dernière carte* (touche **l**, ou `!` en jouant) pendant ce tour, sinon vous
piochez 4 cartes.

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
| t | discuter |
| s, a, x, r | hôte : commencer, ajouter un bot, retirer un bot, revanche |
| q | quitter la table |
| ? | cette aide (Esc la ferme) |
"""
