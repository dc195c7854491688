"""French (Français): the UI strings, their plural forms and the rules help.

Terms follow docs/i18n/fr.md (the glossary a test checks): paquet, pioche, défausse,
carte du dessus, main, tour, table, revoir la partie, étape, dernière carte; the cards
Stop, +2, Changement de sens, Plus, TAKI, Changement de couleur, Super TAKI, Roi, +3,
Briseur de +3. Every card name is masculine, so a coloured card reads '7 rouge',
'Changement de sens bleu'. Typography as French prints it: a space before ':' and
'!', guillemets « » around words said ('dernière carte').
"""

KEYS: dict[str, str] = {
    "Enter": "Entrée",
    "Esc": "Échap",
    "PgUp": "Pg préc",
    "PgDn": "Pg suiv",
    "Home": "Début",
    "End": "Fin",
}
"""Key names as this language's keyboards print them (i18n.key)."""

MESSAGES: dict[str, str] = {
    # client/announce.py
    "Time ran out: your turn ends": "Temps écoulé : votre tour s'arrête",
    "Time ran out for {who}": "Temps écoulé pour {who}",
    "You did not say last card: you draw {n}": (
        "Vous n'avez pas dit « dernière carte » : vous piochez {n}"
    ),
    "{who} did not say last card: draws {n}": "{who} sans « dernière carte » : pioche {n}",
    "Your +3": "Votre +3",
    "+3 from you: the others answer": "Votre +3 : les autres répondent",
    "+3 from {who}: break it (b) or let it through (p)": (
        "+3 par {who} : brisez-le (b) ou passez (p)"
    ),
    "+3 from {who}: break (b), pass (p) or King (K)":
        "+3 par {who} : brisez (b), passez (p) ou Roi (K)",
    "+3 from {who}: pass (p) or cancel it with a King (K)":
        "+3 par {who} : passez (p) ou annulez-le avec un Roi (K)",
    "+3 from {who}: let it through (p)": "+3 par {who} : laissez-le passer (p)",
    "You said last card": "Vous avez dit « dernière carte »",
    "{who} said last card": "{who} a dit « dernière carte »",
    # client/app.py
    "Spectator": "Spectateur",
    "Player": "Joueur",
    "A name is 1 to {n} printable characters.": "Un nom compte de 1 à {n} caractères imprimables.",
    "Refused": "Refusé",
    "The local server did not start.": "Le serveur local n'a pas démarré.",
    "The local server did not start ({detail}).": "Le serveur local n'a pas démarré ({detail}).",
    "The local server did not start in time.": "Le serveur local n'a pas démarré à temps.",
    "Type an address like 192.168.1.23:8254": "Saisissez une adresse comme 192.168.1.23:8254",
    "Type an address, e.g. 192.168.1.23:8254.": (
        "Saisissez une adresse, par exemple 192.168.1.23:8254."
    ),
    "Put an IPv6 address in square brackets, then :port.": (
        "Mettez l'adresse IPv6 entre crochets, puis :port."
    ),
    "The address has no host: write host:port, e.g. 192.168.1.23:8254.": (
        "L'adresse n'a pas d'hôte : écrivez hôte:port, par exemple 192.168.1.23:8254."
    ),
    "Not a host name: {host}.": "Ce n'est pas un nom d'hôte : {host}.",
    "The port is not a number: {port}.": "Le port n'est pas un nombre : {port}.",
    "The port must be from 1 to 65535.": "Le port doit être compris entre 1 et 65535.",
    "this computer": "cet ordinateur",
    "{name}'s table": "Table : {name}",
    "Cannot host": "Impossible d'héberger",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "Le port {busy} est pris par un autre programme : votre serveur utilise le port {port}."
    ),
    "No network found: only this machine can join ({address}).": (
        "Aucun réseau trouvé : seule cette machine peut rejoindre ({address})."
    ),
    "Friends join with:": "Vos amis se connectent avec :",
    # client/levels.py
    "easy": "facile",
    "normal": "normal",
    "strong": "fort",
    # client/refusals.py
    "The game has started: watch it instead.": "La partie a commencé : regardez-la plutôt.",
    "The server could not read a message from this client.": (
        "Le serveur n'a pas pu lire un message de ce client."
    ),
    "The server refused a message too long for it.": (
        "Le serveur a refusé un message trop long pour lui."
    ),
    "This client and the server share no protocol version: update one.": (
        "Ce client et le serveur n'ont aucune version commune : mettez-en un à jour."
    ),
    "The server waited too long for this client.": "Le serveur a attendu ce client trop longtemps.",
    "This client read the server's messages too slowly.": (
        "Ce client a lu trop lentement les messages du serveur."
    ),
    "The server takes no more connections right now.": (
        "Le serveur n'accepte plus de connexions pour l'instant."
    ),
    "Too many requests: the server closed the connection.": (
        "Trop de demandes : le serveur a fermé la connexion."
    ),
    "The server could not take that request.": "Le serveur n'a pas pu accepter cette demande.",
    "The server does not know that request.": "Le serveur ne connaît pas cette demande.",
    "The server did not expect that request now.": (
        "Le serveur n'attendait pas cette demande maintenant."
    ),
    "Spectators cannot take or run a seat.": (
        "Les spectateurs ne peuvent ni prendre ni gérer une place."
    ),
    "Too many requests: wait a moment and try again.": (
        "Trop de demandes : attendez un instant et réessayez."
    ),
    "The server failed to carry that out.": "Le serveur n'a pas réussi à le faire.",
    "The server cannot save right now: try again later.": (
        "Le serveur ne peut pas enregistrer pour l'instant : réessayez plus tard."
    ),
    "The server holds as many tables as it can: join one.": (
        "Le serveur a autant de tables qu'il peut : rejoignez-en une."
    ),
    "Every seat at this table is taken.": "Toutes les places de cette table sont prises.",
    "That seat is taken.": "Cette place est prise.",
    "There is no such seat.": "Cette place n'existe pas.",
    "Leave your table first.": "Quittez d'abord votre table.",
    "Join or watch a table first.": "Rejoignez ou regardez d'abord une table.",
    "Only a seated player can do that.": "Seul un joueur assis peut faire cela.",
    "Only the table's host can do that.": "Seul l'hôte de la table peut faire cela.",
    "A person holds that seat, not a bot.": (
        "Cette place est tenue par une personne, pas par un bot."
    ),
    "A game needs at least two seated players.": "Une partie demande au moins deux joueurs assis.",
    "Not while a game is being played.": "Pas pendant qu'une partie est en cours.",
    "No game is being played.": "Aucune partie n'est en cours.",
    "The game moved on meanwhile: look again.": (
        "La partie a avancé entre-temps : regardez à nouveau."
    ),
    "It is not your turn.": "Ce n'est pas votre tour.",
    "That colour does not go with that card.": "Cette couleur ne va pas avec cette carte.",
    "The rules do not allow that now.": "Les règles ne le permettent pas maintenant.",
    "The server could not read that move.": "Le serveur n'a pas pu lire ce coup.",
    "There is no such table.": "Cette table n'existe pas.",
    "There is no such finished game.": "Cette partie terminée n'existe pas.",
    "There is no table {table}.": "Il n'y a pas de table {table}.",
    "There is no finished game number {game}.": "Il n'y a pas de partie terminée numéro {game}.",
    # client/screens/cannot_join.py
    "No such host: {host}.": "Hôte inconnu : {host}.",
    "Nothing answers at {address}.": "Rien ne répond à {address}.",
    "No answer from {address}.": "Pas de réponse de {address}.",
    "Cannot reach {address}.": "{address} est injoignable.",
    "Cannot reach {address} ({detail}).": "{address} est injoignable ({detail}).",
    "The server closed the connection.": "Le serveur a fermé la connexion.",
    "The server refused the connection.": "Le serveur a refusé la connexion.",
    "The connection was lost.": "La connexion a été perdue.",
    "The connection was lost ({detail}).": "La connexion a été perdue ({detail}).",
    "The server stopped answering: nothing heard for {seconds} s.": (
        "Le serveur ne répond plus : rien reçu depuis {seconds} s."
    ),
    "Unreadable message from the server.": "Message illisible du serveur.",
    "Unreadable message from the server ({detail}).": "Message illisible du serveur ({detail}).",
    "That message cannot be sent.": "Ce message ne peut pas être envoyé.",
    "That message cannot be sent ({detail}).": "Ce message ne peut pas être envoyé ({detail}).",
    "host:port": "hôte:port",
    "e edit the address · b back · q quit": "e modifier l'adresse · b retour · q quitter",
    "Cannot join {address}": "Impossible de rejoindre {address}",
    "Trying again now...": "Nouvel essai en cours...",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "Nouvel essai dans {seconds} s (essai n° {attempt})."
    ),
    # client/screens/help.py
    "card": "carte",
    "label": "inscription",
    "Card labels": "Ce que disent les cartes",
    # client/screens/hosting.py
    "Your server is running. Friends type one of these:": (
        "Votre serveur tourne. Vos amis tapent l'une de ces commandes :"
    ),
    "(this machine)": "(cette machine)",
    "Enter: on to the lobby · i shows this again": "Entrée : vers le salon · i réaffiche ceci",
    "y quit and stop the server · n stay": "y quitter et arrêter le serveur · n rester",
    # client/screens/intro.py
    "Be the first to empty your hand.": "Videz votre main avant les autres.",
    "Play a card of the leading card's colour or symbol, or draw one card.": (
        "Posez une carte de même couleur ou même symbole, sinon piochez-en une."
    ),
    "Bright cards can be played now: choose one with ←/→ or its key,": (
        "Les cartes vives sont jouables : choisissez avec ←/→ ou leur touche,"
    ),
    "then press {enter}.": "puis appuyez sur {enter}.",
    "Stop skips the next player; +2 stacks up; TAKI lets you play": (
        "Stop fait passer le suivant, les +2 se cumulent, un TAKI fait jouer"
    ),
    "whole runs of its colour; King cancels +2 stacks and +3.": (
        "toute une série de sa couleur, un Roi annule des +2 cumulés ou un +3."
    ),
    "With one card left, say last card (l) or draw 4.": (
        "Avec une seule carte, dites « dernière carte » (l) ou piochez 4."
    ),
    "The table tells you why a card or key is refused.": (
        "La table vous dit pourquoi une carte ou une touche est refusée."
    ),
    "? shows the full rules, the screen's signs and every key.": (
        "? montre toutes les règles, les signes de l'écran et les touches."
    ),
    "{esc}: close the help · {keys}: scroll": "{esc} : fermer l'aide · {keys} : défiler",
    "How to play TAKI": "Comment jouer au TAKI",
    "{esc}: start playing (shown once)": "{esc} : commencer à jouer (affiché une seule fois)",
    "{esc}: start watching (shown once)": "{esc} : regarder la partie (affiché une seule fois)",
    # client/screens/lobby.py
    "stairs": "tournoi",
    "must play": "jeu obligatoire",
    "places": "classement",
    "{time} per turn": "{time} par tour",
    "(Enter creates, Esc cancels)": "(Entrée crée, Échap annule)",
    "New table": "Nouvelle table",
    "Name": "Nom",
    "Seats (2-10)": "Places (2-10)",
    "Stairs (8-stage tournament)": "Tournoi (8 étapes)",
    "Must play if able (no drawing while you can play)": (
        "Jeu obligatoire (pas de pioche tant que vous pouvez jouer)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "Classement (on continue pour la 2e place, la 3e ...)"
    ),
    "Turn timer in seconds (0: none)": "Temps par tour en secondes (0 : aucun)",
    "+3 answer window in seconds": "Délai de réponse au +3 en secondes",
    "Bots' level": "Niveau des bots",
    "Create": "Créer",
    "Cancel": "Annuler",
    "Seats must be between 2 and 10.": "Le nombre de places doit être entre 2 et 10.",
    "The +3 window must be 1 to 60 seconds.": "Le délai du +3 doit être de 1 à 60 secondes.",
    "The turn timer must be 0 or 5 to 600 seconds.": (
        "Le temps par tour doit être 0 ou de 5 à 600 secondes."
    ),
    "Give the table a name.": "Donnez un nom à la table.",
    "Id": "N°",
    "Options": "Options",
    "Seats": "Places",
    "State": "État",
    "Table": "Table",
    "Watching": "Spectateurs",
    "Press q again to quit.": "Appuyez encore sur q pour quitter.",
    "Lobby": "Salon",
    "Not connected.": "Non connecté.",
    "No tables to watch yet.": "Aucune table à regarder pour l'instant.",
    "No tables yet: press n to open one.": "Aucune table : appuyez sur n pour en ouvrir une.",
    "new table": "nouvelle table",
    "join": "rejoindre",
    "watch": "regarder",
    "finished games": "parties terminées",
    "settings": "réglages",
    "help": "aide",
    "back": "retour",
    "Settings saved.": "Réglages enregistrés.",
    # client/screens/replay.py
    "This replay does not follow the rules here; it stops.": (
        "Cette partie ne suit pas les règles à cet endroit : on s'arrête ici."
    ),
    "Replay": "Revoir la partie",
    "step {n} of {total}": "coup {n} sur {total}",
    "Leading card": "Carte du dessus",
    "Colour": "Couleur",
    "The deal.": "La donne.",
    "{name} wins!": "{name} gagne !",
    "→ forward · ← back · {pgup}/{pgdn} ten · {home}/{end} · q close": (
        "→ avancer · ← reculer · {pgup}/{pgdn} dix · {home}/{end} · q fermer"
    ),
    # client/screens/replays.py
    "Finished games": "Parties terminées",
    "Enter step through the game · q back": "Entrée revoir la partie coup par coup · q retour",
    "Game": "Partie",
    "Players": "Joueurs",
    "Winner": "Gagnant",
    "Asking the server...": "Demande au serveur...",
    "No finished games on this server yet.": (
        "Aucune partie terminée sur ce serveur pour l'instant."
    ),
    "* kept by this client for the session": "* gardée par ce client pendant la session",
    # client/screens/settings.py
    "Settings": "Réglages",
    "Your name": "Votre nom",
    "Your name as a spectator": "Votre nom de spectateur",
    "Bell on your turn": "Sonnerie à votre tour",
    "Desktop notification on your turn": "Notification du bureau à votre tour",
    "Save": "Enregistrer",
    # client/screens/start.py
    "Play now": "Jouer maintenant",
    "Host a game for the LAN": "Héberger une partie sur le réseau local",
    "Join": "Rejoindre",
    "p play now · h host · j join · ? help · q quit": (
        "p jouer · h héberger · j rejoindre · ? aide · q sortir"
    ),
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "Pas de recherche de parties (TAKI_DISCOVERY=off) : rejoignez par adresse."
    ),
    "Cannot look for games on this network: join by address.": (
        "Impossible de chercher des parties sur ce réseau : rejoignez par adresse."
    ),
    "Games on your network (g):": "Parties sur votre réseau (g) :",
    "No games found on this network (r looks again).": (
        "Aucune partie trouvée sur ce réseau (r pour chercher encore)."
    ),
    "Looking for games on your network...": "Recherche de parties sur votre réseau...",
    "open tables: {count}": "tables ouvertes : {count}",
    "another version of taki": "une autre version de taki",
    "Joining {address}...": "Connexion à {address}...",
    "Bots: {level} (l changes)": "Bots : {level} (l pour changer)",
    "Starting a table with three bots...": "Création d'une table avec trois bots...",
    "Starting a server for your LAN...": "Démarrage d'un serveur pour votre réseau local...",
    # client/screens/table.py
    "Name the new colour:": "Choisissez la nouvelle couleur :",
    "Esc: cancel": "Échap : annuler",
    "name the colour": "nommer la couleur",
    "cancel": "annuler",
    "t: chat": "t : discuter",
    "(watching)": "(spectateur)",
    "(spectator)": "(spectateur)",
    "(free seat)": "(place libre)",
    "you": "vous",
    "bot": "bot",
    "disconnected": "déconnecté",
    "stage {n}": "étape {n}",
    "LAST CARD!": "DERNIÈRE CARTE !",
    "Draw pile: {n}": "Pioche : {n}",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Vous êtes l'hôte : a ajouter un bot, x retirer un bot, s commencer."
    ),
    "Waiting for the host to start the game.": "On attend que l'hôte lance la partie.",
    "Waiting for the players to come back.": "On attend le retour des joueurs.",
    "Game over.": "Partie terminée.",
    "The host (★) can start a rematch.": "L'hôte (★) peut lancer une revanche.",
    "+3 from {name}": "+3 joué par {name}",
    "open {taki}": "{taki} ouvert",
    "red TAKI run": "série du TAKI rouge",
    "green TAKI run": "série du TAKI vert",
    "blue TAKI run": "série du TAKI bleu",
    "yellow TAKI run": "série du TAKI jaune",
    "Plus: play one more card or draw": "Plus : jouez une carte de plus ou piochez",
    "King: play any card or end the turn (e)": "Roi : jouez librement ou finissez le tour (e)",
    "Answer the +3!": "Répondez au +3 !",
    "Your move!": "À vous de jouer !",
    "Your turn": "Votre tour",
    "Waiting for {name}": "À {name} de jouer",
    "send": "envoyer",
    "back to the game": "retour au jeu",
    "draw": "piocher",
    "close TAKI": "fermer le TAKI",
    "end turn": "finir le tour",
    "last card": "dernière carte",
    "break +3": "briser le +3",
    "pass": "passer",
    "add bot": "ajouter un bot",
    "remove bot": "retirer un bot",
    "start": "commencer",
    "give the seat back to {name}": "rendre la place à {name}",
    "rematch": "revanche",
    "replay": "revoir la partie",
    "choose": "choisir",
    "play": "jouer",
    "chat": "discuter",
    "leave": "quitter",
    "Hand: as dealt": "Main : dans l'ordre reçu",
    "Hand: sorted by colour": "Main : triée par couleur",
    "Only the host ({name}) can do that.": "Seul l'hôte ({name}) peut faire cela.",
    "Only after the game: r starts a rematch.": "Seulement après la partie : r lance une revanche.",
    "Only before the game starts.": "Seulement avant le début de la partie.",
    "The replay opens when the game is over.": (
        "On peut revoir la partie une fois qu'elle est terminée."
    ),
    "Press q again to leave the game (a bot will take your seat).": (
        "Appuyez encore sur q pour quitter la partie : un bot prendra votre place."
    ),
    # client/nudge.py
    "Your turn at {table}.": "Votre tour : {table}.",
    # client/session.py
    "Connection": "Connexion",
    "Not connected: retrying...": "Non connecté : nouvel essai...",
    "Not connected: you will leave {table} when the server is back.": (
        "Non connecté : vous quitterez {table} au retour du serveur."
    ),
    "The server is back.": "Le serveur est de retour.",
    "Your seat is in another window: ctrl+r takes it back": (
        "Votre place est dans une autre fenêtre : ctrl+r la reprend"
    ),
    "Your seat is now played from another window. Press ctrl+r to take it back here.": (
        "Votre place est maintenant jouée depuis une autre fenêtre. "
        "Appuyez sur ctrl+r pour la reprendre ici."
    ),
    "Taking your seat back...": (
        'Reprise de votre place...'
    ),
    "Your seat is played in another window.": "Votre place est jouée dans une autre fenêtre.",
    "take your seat back": "reprendre votre place",
    "quit": "quitter",
    "Your seat is gone: the table closed or a bot took it.": (
        "Votre place n'existe plus : la table a fermé ou un bot l'a prise."
    ),
    "The server was stopped: waiting for it...": "Serveur arrêté : en attente de son retour...",
    "Connection lost: reconnecting...": "Connexion perdue : reconnexion...",
    "Connected again.": "Connexion rétablie.",
    "New game: you start.": "Nouvelle partie : vous commencez.",
    "New game: {name} starts.": "Nouvelle partie : {name} commence.",
    "Moves are saved again: the table goes on.": (
        "Les coups sont de nouveau enregistrés : la table reprend."
    ),
    "The server cannot save moves right now: the table waits until it can.": (
        "Le serveur ne peut pas enregistrer les coups pour l'instant : la table attend."
    ),
    "The server was stopped.": "Le serveur a été arrêté.",
    # client/state.py
    "{name} sat down": "{name} a pris place",
    "{name} left": "{name} a quitté la table",
    "A bot now plays for {name}": "Un bot joue désormais pour {name}",
    "{name} left; a bot plays the seat": "{name} a quitté la table : un bot a pris sa place",
    "{name} took their seat back": "{name} a repris sa place",
    "A bot stands in for {name}": "Un bot remplace {name}",
    "{name} lost the connection": "{name} a perdu la connexion",
    "{name} is back": "{name} est de retour",
    # client/widgets/cards.py
    "STOP": "STOP",
    "PLUS": "PLUS",
    "COLOUR": "COUL.",
    "SUPER": "SUPER",
    "KING": "ROI",
    "BREAK": "BRISE",
    "short|STOP": "STOP",
    "short|PLUS": "PLUS",
    "short|COL": "COUL",
    "short|SUP": "SUP.",
    "short|KING": "ROI",
    "short|BRK": "BRI.",
    "B": "B",
    "G": "V",
    "R": "R",
    "Y": "J",
    "keys|rgby": "rvbj",
    "{n} more": "{n} de plus",
    # client/words.py
    "red": "rouge",
    "green": "vert",
    "blue": "bleu",
    "yellow": "jaune",
    "Stop": "Stop",
    "Change Direction": "Changement de sens",
    "Plus": "Plus",
    "Change Colour": "Changement de couleur",
    "Super TAKI": "Super TAKI",
    "King": "Roi",
    "+3 Breaker": "Briseur de +3",
    "red +2": "+2 rouge",
    "red Stop": "Stop rouge",
    "red {number}": "{number} rouge",
    "red Change Direction": "Changement de sens rouge",
    "red Plus": "Plus rouge",
    "red TAKI": "TAKI rouge",
    "green +2": "+2 vert",
    "green Stop": "Stop vert",
    "green {number}": "{number} vert",
    "green Change Direction": "Changement de sens vert",
    "green Plus": "Plus vert",
    "green TAKI": "TAKI vert",
    "blue +2": "+2 bleu",
    "blue Stop": "Stop bleu",
    "blue {number}": "{number} bleu",
    "blue Change Direction": "Changement de sens bleu",
    "blue Plus": "Plus bleu",
    "blue TAKI": "TAKI bleu",
    "yellow +2": "+2 jaune",
    "yellow Stop": "Stop jaune",
    "yellow {number}": "{number} jaune",
    "yellow Change Direction": "Changement de sens jaune",
    "yellow Plus": "Plus jaune",
    "yellow TAKI": "TAKI jaune",
    "{n}s": "{n} s",
    "(+2 stack)": "(+2 cumulés)",
    "(owed after a Plus)": "(dû après un Plus)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(son +3 a été brisé)",
    "(+3 Breaker penalty)": "(pénalité du Briseur de +3)",
    "(did not declare last card)": "(« dernière carte » non annoncée)",
    "(next stage)": "(étape suivante)",
    "You played {card}": "Vous avez joué {card}",
    "{who} played {card}": "{who} a joué {card}",
    "colour is now {color}": "nouvelle couleur : {color}",
    "{drew}: {cards}": "{drew} : {cards}",
    "Time ran out: you let the +3 through": "Délai écoulé : vous n'avez pas répondu au +3",
    "Time ran out: {who} let the +3 through": "Délai écoulé : {who} n'a pas répondu au +3",
    "You closed the TAKI": "Vous avez fermé le TAKI",
    "You left the TAKI open": "Vous avez laissé le TAKI ouvert",
    "You ended the turn": "Vous avez fini votre tour",
    "You let the +3 through": "Vous avez laissé passer le +3",
    "You broke the +3!": "Vous avez brisé le +3 !",
    "Your turn is skipped": "Votre tour est sauté",
    "You cleared a stage: now stage {n}": "Étape franchie : vous passez à l'étape {n}",
    "You cancelled the +{n} stack with a King": "Vous avez annulé les +{n} cumulés avec un Roi",
    "You cancelled the +3 with a King": "Vous avez annulé le +3 avec un Roi",
    "You win!": "Vous gagnez !",
    "You finish in place {n}": "Vous terminez à la {n}e place",
    "{who} closed the TAKI": "{who} a fermé le TAKI",
    "{who} left the TAKI open": "{who} a laissé le TAKI ouvert",
    "{who} ended the turn": "{who} a fini son tour",
    "{who} let the +3 through": "{who} a laissé passer le +3",
    "{who} broke the +3!": "{who} a brisé le +3 !",
    "{who}: turn skipped": "{who} : tour sauté",
    "{who} cleared a stage: now stage {n}": "Étape franchie : {who} passe à l'étape {n}",
    "Direction reversed": "Sens du jeu inversé",
    "Discard pile shuffled into a new draw pile": "Défausse mélangée : nouvelle pioche",
    "{who} cancelled the +{n} stack with a King": "{who} a annulé les +{n} cumulés avec un Roi",
    "{who} cancelled the +3 with a King": "{who} a annulé le +3 avec un Roi",
    "{who} wins!": "{who} gagne !",
    "{who} finishes in place {n}": "{who} termine à la {n}e place",
    "A bot": "Un bot",
    "{line} for you": "{line} pour vous",
    "{line} (a bot stands in)": "{line} (un bot joue à sa place)",
    "No game is being played here yet.": "Aucune partie n'est en cours ici.",
    "The game is over.": "La partie est terminée.",
    "You are watching: spectators do not play.": "Vous regardez : les spectateurs ne jouent pas.",
    "You have finished: the others play on.": "Vous avez fini : les autres continuent.",
    "Not your turn: waiting for {name}.": "Ce n'est pas votre tour : c'est à {name}.",
    "You do not hold that card.": "Vous n'avez pas cette carte.",
    "Match {color} or {symbol}, or play a colourless card.": (
        "Jouez du {color} ou un {symbol}, ou une carte sans couleur."
    ),
    "A +2 stack is live: add a +2, play a King, or draw {n} (d).": (
        "Des +2 sont cumulés : ajoutez un +2, jouez un Roi ou piochez {n} (d)."
    ),
    "Inside your TAKI run: only {color}, Super TAKI or Change Colour.": (
        "Série TAKI : seulement du {color}, Super TAKI ou Changement de couleur."
    ),
    "A +3 is pending: only a King answers it on your turn, or pass (p).": (
        "Un +3 est en attente : à votre tour, seul un Roi y répond ; sinon passez (p)."
    ),
    "A +3 is pending: break (b), pass (p) or King (K).": (
        "Un +3 est en attente : brisez (b), passez (p) ou Roi (K)."
    ),
    "A +3 is pending: pass (p) or cancel it with a King (K).": (
        "Un +3 est en attente : passez (p) ou annulez-le avec un Roi (K)."
    ),
    "A +3 is pending: let it through (p).": "Un +3 est en attente : laissez-le passer (p).",
    "A +3 is pending: break it (b) or let it through (p).": (
        "Un +3 est en attente : brisez-le (b) ou laissez-le passer (p)."
    ),
    "There is no +3 to answer.": "Il n'y a pas de +3 auquel répondre.",
    "Nobody answers their own +3.": "On ne répond pas à son propre +3.",
    "You already let this +3 through.": "Vous avez déjà laissé passer ce +3.",
    "You hold no +3 Breaker.": "Vous n'avez pas de Briseur de +3.",
    "Nothing to close: you have no TAKI run.": "Rien à fermer : vous n'avez pas de série TAKI.",
    "A TAKI alone cannot be closed: play a card on it first.": (
        "Un TAKI seul ne se ferme pas : posez d'abord une carte dessus."
    ),
    "No drawing inside your TAKI run: play, close (c) or end it (e).": (
        "Pas de pioche pendant votre série TAKI : jouez, fermez (c) ou arrêtez-la (e)."
    ),
    "After a King: play any card or end the turn (e).": (
        "Après un Roi : jouez n'importe quelle carte ou finissez le tour (e)."
    ),
    "This table says must play: you hold a card you can play.": (
        "Jeu obligatoire à cette table : vous avez une carte jouable."
    ),
    "A Plus needs one more card: match {color} or {symbol}, or draw (d).": (
        "Un Plus demande une carte de plus : du {color} ou un {symbol}, sinon piochez (d)."
    ),
    "A Plus needs one more card, or draw (d).": (
        "Un Plus demande une carte de plus, sinon piochez (d)."
    ),
    "Nothing to end: e ends a King's turn or leaves a TAKI open.": (
        "Rien à finir : e finit le tour d'un Roi ou laisse un TAKI ouvert."
    ),
    "You already declared last card this turn.": (
        "Vous avez déjà dit « dernière carte » pendant ce tour."
    ),
    "Not allowed now.": "Impossible pour l'instant.",
    # protocol TABLE_STATES (shown through _(info.state))
    "waiting": "en attente",
    "playing": "en cours",
    "over": "terminée",
    # ssh guests (server/ssh/)
    'You play as {name}': 'Vous jouez sous le nom {name}',
    'Your ssh user name cannot be a name here: you play as {name}.': (
        "Votre nom d'utilisateur ssh ne peut pas servir de nom ici : "
        'vous jouez sous le nom {name}.'
    ),
    'A guest plays on this server only.': 'Un invité joue sur ce serveur seulement.',
    # client/standings.py, client/screens/standings.py (the standings of the evening)
    'No game has finished at this table yet.': "Aucune partie n'est encore terminée à cette table.",
    'Places from first to last: {counts}.': 'Places, de la première à la dernière : {counts}.',
    'Best stage: {stage}.': 'Meilleure étape : {stage}.',
    'Head to head, in games finished ahead of the other:': (
        "Face-à-face, en parties terminées devant l'autre :"
    ),
    'Esc: close': 'Échap : fermer',
    'standings': 'classement',
    # client/hint_words.py, client/screens/table.py, client/screens/lobby.py (hints)
    "Hint: {action} — {reason}": "Indice : {action} — {reason}",
    "Hint: {action}": "Indice : {action}",
    "play {card}": "jouer {card}",
    "play {card} and name {color}": "jouer {card} en annonçant {color}",
    "close the TAKI": "fermer le TAKI",
    "end the turn": "finir le tour",
    "say last card": "dire « dernière carte »",
    "break the +3": "briser le +3",
    "let the +3 through": "laisser passer le +3",
    "you have no card to play": "vous n'avez aucune carte à jouer",
    "it is your only move": "c'est votre seul coup possible",
    "it empties your hand": "elle vide votre main",
    "the +3's player draws instead of you": "le joueur du +3 pioche à votre place",
    "the King cancels what you owe": "le Roi annule ce que vous deviez piocher",
    "the next player owes more, or must stack": "le joueur suivant doit piocher plus, ou empiler",
    "one card left: say last card with it": (
        "il vous restera une carte : dites « dernière carte » en la jouant"
    ),
    "{name} is close to winning": "{name} est près de gagner",
    "a run gets rid of several cards at once": (
        "une série vous débarrasse de plusieurs cartes à la fois"
    ),
    "you hold most cards of that colour": "vous avez le plus de cartes de cette couleur",
    "keeps your +2 for a stack": "garde votre +2 pour empiler",
    "it did best when the bot played the game on": (
        "c'est ce qui a le mieux réussi quand le bot a joué la suite"
    ),
    "Hints are off at this table.": "Les indices sont désactivés à cette table.",
    "Hints are for your turn.": "Les indices sont pour votre tour.",
    "Waiting for the server to answer your move...": (
        "En attente de la réponse du serveur à votre coup..."
    ),
    "Looking for a hint...": "Recherche d'un indice...",
    "hint": "indice",
    "hints": "indices",
    "Hints for learners (H shows the bot's choice)": (
        "Indices pour apprendre (H montre le choix du bot)"
    ),
}

PLURALS: dict[str, dict[str, str]] = {
    'Standings of {table} after {n} game:': {
        'one': 'Classement de « {table} » après {n} partie :',
        'many': 'Classement de « {table} » après {n} de parties :',
        'other': 'Classement de « {table} » après {n} parties :',
    },
    '{name} won {wins} of {n} game.': {
        'one': '{name} a gagné {wins} partie sur {n}.',
        'many': '{name} a gagné {wins} de parties sur {n}.',
        'other': '{name} a gagné {wins} parties sur {n}.',
    },
    '{bot} won {wins} of {n} game.': {
        'one': '{bot} a gagné {wins} partie sur {n}.',
        'many': '{bot} a gagné {wins} de parties sur {n}.',
        'other': '{bot} a gagné {wins} parties sur {n}.',
    },
    "+2 stack: {n} card to draw": {
        "one": "+2 cumulés : {n} carte à piocher",
        "many": "+2 cumulés : {n} de cartes à piocher",
        "other": "+2 cumulés : {n} cartes à piocher",
    },
    "{n} card": {
        "one": "{n} carte",
        "many": "{n} de cartes",
        "other": "{n} cartes",
    },
    "You drew {n} card": {
        "one": "Vous avez pioché {n} carte",
        "many": "Vous avez pioché {n} de cartes",
        "other": "Vous avez pioché {n} cartes",
    },
    "{who} drew {n} card": {
        "one": "{who} a pioché {n} carte",
        "many": "{who} a pioché {n} de cartes",
        "other": "{who} a pioché {n} cartes",
    },
    "{names} let it through": {
        "one": "{names} l'a laissé passer",
        "many": "{names} l'ont laissé passer",
        "other": "{names} l'ont laissé passer",
    },
    "{count} other player is at your server. Quitting stops it for them too.": {
        "one": (
            "{count} autre joueur est sur votre serveur : si vous quittez, il s'arrête aussi "
            "pour lui."
        ),
        "many": (
            "{count} d'autres joueurs sont sur votre serveur : si vous quittez, il s'arrête "
            "aussi pour eux."
        ),
        "other": (
            "{count} autres joueurs sont sur votre serveur : si vous quittez, il s'arrête aussi "
            "pour eux."
        ),
    },
    "With a hint in {n} game.": {
        "one": "Avec un indice dans {n} partie.",
        "many": "Avec un indice dans {n} de parties.",
        "other": "Avec un indice dans {n} parties.",
    },
}

PLURAL_BY: dict[str, str] = {
    # "a gagné 1 partie sur 2": the noun goes with the wins, not with the games played.
    "{name} won {wins} of {n} game.": "wins",
    "{bot} won {wins} of {n} game.": "wins",
}

RULES = """\
# TAKI

**But** : être le premier à vider sa main. Jouez une carte de la même **couleur** ou du
même **symbole** que la carte du dessus, ou une carte sans couleur ; sinon piochez une
carte (votre tour s'arrête).

**Dernière carte** : si votre tour se termine avec une seule carte en main, vous devez
avoir dit *dernière carte* (touche **l**) pendant ce tour, sinon vous piochez 4 cartes.

## L'écran
- Votre main, triée par couleur : les cartes **vives** sont jouables maintenant, les
  cartes ternes ne le sont pas. Au-dessus de chaque carte : sa touche et l'initiale de
  sa couleur (aucune pour une carte sans couleur).
  Une longue main resserre ses cartes, puis défile : *‹ 3 de plus* et *3 de plus ›*
  comptent les cartes hors de vue ; les flèches (ou un clic sur le signe) les montrent.
- ▶ indique à qui c'est le tour, ★ l'hôte de la table ; la flèche après *Joueurs*
  donne le sens du jeu. *DERNIÈRE CARTE !* à côté d'un nom : ce joueur n'a plus qu'une
  carte et a dit *dernière carte*.
- La ligne sous la carte du dessus dit ce qui est en cours (des +2 cumulés, un +3 et
  les secondes qui restent, une série TAKI) et, quand une touche ou une carte est
  refusée, pourquoi.
- *Partie terminée* à la place de la carte du dessus : la partie est finie, et chaque
  main qui reste est montrée à côté du nom de son joueur (et quand on revoit la
  partie) : on voit qui tenait quoi. Jamais avant la fin.

## Le paquet et la donne
- 116 cartes en quatre couleurs (rouge, vert, bleu, jaune) : deux exemplaires de chaque
  nombre 1, 3 à 9 (pas de 2 simple : le +2 est le seul 2), et deux Stop, +2,
  Changement de sens, Plus et TAKI dans chaque couleur.
- Sans couleur : Changement de couleur (4), Super TAKI, Roi, +3, Briseur de +3 (2 de
  chaque). Elles se posent sur toute couleur (chacune selon sa règle) et laissent la
  couleur inchangée, sauf le Changement de couleur, qui en annonce une nouvelle.
- Chacun reçoit 8 cartes ; la carte suivante est retournée : c'est la carte du dessus.
  Quand la pioche est vide, la défausse est mélangée pour la refaire (sa carte du
  dessus reste ; après un Briseur de +3 joué à son propre tour, la carte en dessous
  reste aussi).

## Cartes d'action
- **Stop** : le joueur suivant passe son tour (à 2 joueurs, vous rejouez).
- **+2** : le joueur suivant ajoute un +2, joue un Roi, ou pioche tous les +2 cumulés.
- **Changement de sens** (<->) : le sens du jeu s'inverse (à 2 joueurs : rien ne
  change).
- **Plus** : jouez une carte de plus (elle doit correspondre), ou piochez 1. Un Plus ne
  peut pas faire gagner.
- **TAKI** : jouez autant de cartes de sa couleur que vous voulez, puis **fermez** le TAKI
  (touche **c**) ; seule l'action de la dernière carte compte. Un TAKI ou un Super TAKI
  posé dans la série compte comme une carte de plus. Laissé ouvert (**e**), il peut être
  continué par le joueur suivant.
- **Changement de couleur** : annoncez la nouvelle couleur (pas sur des +2 cumulés ni sur
  un +3 en attente).
- **Super TAKI** : un TAKI de la couleur en cours.
- **Roi** : annule des +2 cumulés ou un +3 ; puis jouez n'importe quelle carte, ou
  finissez le tour (**e**).
- **+3** : tous les autres piochent 3, sauf si quelqu'un le **brise** (**b**) avec un
  Briseur de +3 : c'est alors le joueur du +3 qui pioche 3. Les autres peuvent
  **passer** (**p**).
- **Briseur de +3** joué pendant votre propre tour : vous piochez 3 ; le joueur suivant
  suit la carte qui est dessous.

## La réponse au +3
- Tous les autres joueurs répondent aussitôt à un +3, hors de leur tour : le briser avec
  un Briseur, ou le laisser passer ; le joueur suivant peut aussi l'annuler avec un Roi.
- Le délai de réponse est de quelques secondes (réglage de la table, 4 par défaut ; le
  compte à rebours s'affiche) : qui n'a pas répondu à temps le laisse passer.

## Options de la table
- *Tournoi* : en 8 étapes. Videz votre main et vous montez aussitôt d'une
  étape en piochant autant de cartes (7, puis 6 ... puis 1) ; le premier à vider une main
  de l'étape 1 gagne.
- *Classement* : après le gagnant, les autres jouent pour la 2e, la 3e ... place.
- *Jeu obligatoire* : pas de pioche tant que vous avez une carte jouable.
- *Temps par tour* : quand votre temps est écoulé, le jeu finit votre tour à votre place
  (il ferme votre série ou termine le tour s'il le peut ; sinon vous piochez 1).

## Règles maison (les nôtres, pas celles du livret)
- Une carte de départ sans couleur va sous la pioche ; on retourne la suivante.
- L'hôte choisit qui commence (au hasard par défaut).
- Vous pouvez piocher même si vous pouviez jouer (sauf si la table impose le *jeu
  obligatoire*).

## Touches
| touche | action |
|---|---|
| ←/→, 1-9, 0, f… | choisir une carte (ou la touche inscrite au-dessus) |
| Entrée, clic | la jouer |
| o | main triée par couleur, ou dans l'ordre de la donne |
| d | piocher |
| c | fermer le TAKI |
| e | finir le tour (après un Roi, ou pour laisser un TAKI ouvert) |
| l | dire « dernière carte » |
| b / p | briser / laisser passer un +3 |
| K | jouer un Roi (il annule des +2 cumulés ou un +3) |
| r, v, b, j | annoncer la couleur d'un Changement de couleur (ou 1-4) |
| t | discuter (Entrée envoie, Échap revient au jeu) |
| s, a, A, x, r | hôte : lancer, ajouter un bot / un bot facile, retirer un bot, revanche |
| v | revoir la partie terminée coup par coup (→ / ← pour avancer et reculer) |
| S | le classement de la soirée à cette table (aussi dans le salon) |
| H | un indice : le coup que jouerait un bot fort, et pourquoi (tables avec indices) |
| q | quitter la table |
| ? | cette aide (Échap la ferme) |
"""
