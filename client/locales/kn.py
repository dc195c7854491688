"""Kannada (ಕನ್ನಡ): the UI strings and the rules help.

Game terms follow the Kannada TAKI rules text: ಲೀಡಿಂಗ್ ಕಾರ್ಡ್, ಡ್ರಾ ಪೈಲ್, ಕೊನೆಯ ಕಾರ್ಡ್,
ಸರದಿ, ಸ್ಟಾಪ್, ಪ್ಲಸ್, ದಿಕ್ಕು ಬದಲಿಸಿ, ಬಣ್ಣವನ್ನು ಬದಲಾಯಿಸಿ, ಕಿಂಗ್, +3 ಬ್ರೇಕರ್, ಹಂತಗಳ
ಪಂದ್ಯಾವಳಿ; TAKI stays in Latin letters as on the cards.
"""

MESSAGES: dict[str, str] = {
    # app
    "this computer": "ಈ ಕಂಪ್ಯೂಟರ್",
    "A name is 1 to 24 printable characters.": "ಹೆಸರು 1 ರಿಂದ 24 ಮುದ್ರಿಸಬಹುದಾದ ಅಕ್ಷರಗಳಿರಬೇಕು.",
    "Friends join with:": "ಸ್ನೇಹಿತರು ಇದರಿಂದ ಸೇರಬಹುದು:",
    "Not connected.": "ಸಂಪರ್ಕವಿಲ್ಲ.",
    "Type an address like 192.168.1.23:8254": "192.168.1.23:8254 ರೀತಿಯ ವಿಳಾಸವನ್ನು ಟೈಪ್ ಮಾಡಿ",
    "no answer": "ಉತ್ತರವಿಲ್ಲ",
    "Not connected: retrying...": "ಸಂಪರ್ಕವಿಲ್ಲ: ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಲಾಗುತ್ತಿದೆ...",
    "Connection lost: reconnecting...": "ಸಂಪರ್ಕ ಕಡಿದುಹೋಯಿತು: ಮರುಸಂಪರ್ಕಿಸಲಾಗುತ್ತಿದೆ...",
    "Connection": "ಸಂಪರ್ಕ",
    "Refused": "ನಿರಾಕರಿಸಲಾಗಿದೆ",
    "Your seat is gone: the table closed or a bot took it.": (
        "ನಿಮ್ಮ ಆಸನ ಇನ್ನಿಲ್ಲ: ಟೇಬಲ್ ಮುಚ್ಚಲಾಗಿದೆ ಅಥವಾ ಅದನ್ನು ಬಾಟ್ ವಹಿಸಿಕೊಂಡಿದೆ."
    ),
    "New game: you start.": "ಹೊಸ ಆಟ: ನೀವು ಆರಂಭಿಸುತ್ತೀರಿ.",
    "New game: {name} starts.": "ಹೊಸ ಆಟ: {name} ಆರಂಭಿಸುತ್ತಾರೆ.",
    # lobby
    "stairs": "ಪಂದ್ಯಾವಳಿ",
    "must play": "ಆಡುವುದು ಕಡ್ಡಾಯ",
    "places": "ಸ್ಥಾನಗಳು",
    "turn": "ಸರದಿ",
    "Id": "ಐಡಿ",
    "Table": "ಟೇಬಲ್",
    "Seats": "ಆಸನಗಳು",
    "State": "ಸ್ಥಿತಿ",
    "Watching": "ವೀಕ್ಷಕರು",
    "Options": "ಆಯ್ಕೆಗಳು",
    "No tables yet: press n to open one.": "ಇನ್ನೂ ಟೇಬಲುಗಳಿಲ್ಲ: ಒಂದನ್ನು ತೆರೆಯಲು n ಒತ್ತಿ.",
    "n new table · Enter join · w watch · ? help · q back": (
        "n ಹೊಸ ಟೇಬಲ್ · Enter ಸೇರಿ · w ವೀಕ್ಷಿಸಿ · ? ಸಹಾಯ · q ಹಿಂದೆ"
    ),
    "Press q again to quit.": "ನಿರ್ಗಮಿಸಲು ಮತ್ತೆ q ಒತ್ತಿ.",
    "New table": "ಹೊಸ ಟೇಬಲ್",
    "(Enter creates, Esc cancels)": "(Enter ರಚಿಸುತ್ತದೆ, Esc ರದ್ದುಮಾಡುತ್ತದೆ)",
    "Name": "ಹೆಸರು",
    "Seats (2-10)": "ಆಸನಗಳು (2-10)",
    "Stairs (8-stage tournament)": "ಪಂದ್ಯಾವಳಿ (8 ಹಂತಗಳು)",
    "Must play if able (no drawing while you can play)": (
        "ಸಾಧ್ಯವಿದ್ದರೆ ಆಡುವುದು ಕಡ್ಡಾಯ (ಆಡಲು ಸಾಧ್ಯವಿರುವಾಗ ಡ್ರಾ ಇಲ್ಲ)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "ಸ್ಥಾನಗಳಿಗಾಗಿ ಆಟ (2ನೇ, 3ನೇ ... ಸ್ಥಾನಕ್ಕಾಗಿ ಆಟ ಮುಂದುವರಿಯುತ್ತದೆ)"
    ),
    "Turn timer in seconds (0: none)": "ಸರದಿಯ ಸಮಯ ಸೆಕೆಂಡುಗಳಲ್ಲಿ (0: ಮಿತಿ ಇಲ್ಲ)",
    "+3 answer window in seconds": "+3 ಗೆ ಉತ್ತರಿಸುವ ಸಮಯ ಸೆಕೆಂಡುಗಳಲ್ಲಿ",
    "Seats must be between 2 and 10.": "ಆಸನಗಳು 2 ರಿಂದ 10 ರ ನಡುವೆ ಇರಬೇಕು.",
    "The +3 window must be 1 to 60 seconds.": "+3 ಉತ್ತರದ ಸಮಯ 1 ರಿಂದ 60 ಸೆಕೆಂಡುಗಳಿರಬೇಕು.",
    "The turn timer must be 0 or 5 to 600 seconds.": "ಸರದಿಯ ಸಮಯ 0 ಅಥವಾ 5 ರಿಂದ 600 ಸೆಕೆಂಡುಗಳಿರಬೇಕು.",
    "Give the table a name.": "ಟೇಬಲಿಗೆ ಒಂದು ಹೆಸರು ನೀಡಿ.",
    "Lobby": "ಲಾಬಿ",
    "Create": "ರಚಿಸಿ",
    "Cancel": "ರದ್ದುಮಾಡಿ",
    # table states (protocol TABLE_STATES, shown through _(info.state))
    "waiting": "ಕಾಯುತ್ತಿದೆ",
    "playing": "ಆಟ ನಡೆಯುತ್ತಿದೆ",
    "over": "ಮುಗಿದಿದೆ",
    # start
    "Starting a table with three bots...": "ಮೂರು ಬಾಟುಗಳೊಂದಿಗೆ ಟೇಬಲ್ ಆರಂಭವಾಗುತ್ತಿದೆ...",
    "Starting a server for your LAN...": "ನಿಮ್ಮ LAN ಗಾಗಿ ಸರ್ವರ್ ಆರಂಭವಾಗುತ್ತಿದೆ...",
    "Your name": "ನಿಮ್ಮ ಹೆಸರು",
    "p play now · h host · j join · ? help · q quit": (
        "p ಈಗ ಆಡಿ · h ಆತಿಥ್ಯ · j ಸೇರಿ · ? ಸಹಾಯ · q ನಿರ್ಗಮಿಸಿ"
    ),
    "Play now": "ಈಗ ಆಡಿ",
    "Host a game for the LAN": "LAN ಗಾಗಿ ಆಟವನ್ನು ಆಯೋಜಿಸಿ",
    "host:port": "ಹೋಸ್ಟ್:ಪೋರ್ಟ್",
    "Join": "ಸೇರಿ",
    # table
    "Name the new colour:": "ಹೊಸ ಬಣ್ಣವನ್ನು ಆರಿಸಿ:",
    "Esc: cancel": "Esc: ರದ್ದುಮಾಡಿ",
    "t: chat": "t: ಚಾಟ್",
    "(watching)": "(ವೀಕ್ಷಿಸುತ್ತಿದ್ದೀರಿ)",
    "(spectator)": "(ವೀಕ್ಷಕ)",
    "Players": "ಆಟಗಾರರು",
    "(free seat)": "(ಖಾಲಿ ಆಸನ)",
    "you": "ನೀವು",
    "bot": "ಬಾಟ್",
    "disconnected": "ಸಂಪರ್ಕ ಕಡಿದಿದೆ",
    "stage {n}": "ಹಂತ {n}",
    "LAST CARD!": "ಕೊನೆಯ ಕಾರ್ಡ್!",
    "Leading card": "ಲೀಡಿಂಗ್ ಕಾರ್ಡ್",
    "Colour": "ಬಣ್ಣ",
    "Draw pile": "ಡ್ರಾ ಪೈಲ್",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "ನೀವು ಈ ಟೇಬಲಿನ ಆತಿಥೇಯರು: a ಬಾಟ್ ಸೇರಿಸಿ, x ಬಾಟ್ ತೆಗೆಯಿರಿ, s ಆರಂಭಿಸಿ."
    ),
    "Waiting for the host to start the game.": "ಆತಿಥೇಯರು ಆಟ ಆರಂಭಿಸುವುದಕ್ಕಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ.",
    "Game over.": "ಆಟ ಮುಗಿಯಿತು.",
    "{name} wins!": "{name} ಗೆದ್ದರು!",
    "r: rematch": "r: ಮರುಪಂದ್ಯ",
    "+2 stack: {n}": "+2 ಸ್ಟಾಕ್: {n}",
    "+3 from {name}": "{name} ಆಡಿದ +3",
    "open {color} TAKI": "ತೆರೆದ {color} TAKI",
    "{color} TAKI run": "{color} TAKI ರನ್",
    "Plus: play one more card or draw": "ಪ್ಲಸ್: ಇನ್ನೊಂದು ಕಾರ್ಡ್ ಆಡಿ ಅಥವಾ ಡ್ರಾ ಮಾಡಿ",
    "King: play any card or end the turn (e)": "ಕಿಂಗ್: ಯಾವುದೇ ಕಾರ್ಡ್ ಆಡಿ ಅಥವಾ ಸರದಿ ಮುಗಿಸಿ (e)",
    "Your move!": "ನಿಮ್ಮ ಸರದಿ!",
    "Waiting for {name}": "{name} ಅವರಿಗಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ",
    "draw": "ಡ್ರಾ",
    "close TAKI": "TAKI ಮುಚ್ಚಿ",
    "end turn": "ಸರದಿ ಮುಗಿಸಿ",
    "last card": "ಕೊನೆಯ ಕಾರ್ಡ್",
    "break +3": "+3 ಮುರಿಯಿರಿ",
    "pass": "ಪಾಸ್",
    "choose": "ಆರಿಸಿ",
    "play": "ಆಡಿ",
    "chat": "ಚಾಟ್",
    "help": "ಸಹಾಯ",
    "leave": "ಹೊರಡಿ",
    "add bot": "ಬಾಟ್ ಸೇರಿಸಿ",
    "remove bot": "ಬಾಟ್ ತೆಗೆಯಿರಿ",
    "start": "ಆರಂಭಿಸಿ",
    "rematch": "ಮರುಪಂದ್ಯ",
    "replay": "ರೀಪ್ಲೇ",
    "That card cannot be played now.": "ಈ ಕಾರ್ಡನ್ನು ಈಗ ಆಡಲು ಸಾಧ್ಯವಿಲ್ಲ.",
    "Press q again to leave the game (a bot will take your seat).": (
        "ಆಟ ಬಿಡಲು ಮತ್ತೆ q ಒತ್ತಿ: ನಿಮ್ಮ ಆಸನವನ್ನು ಬಾಟ್ ವಹಿಸಿಕೊಳ್ಳುತ್ತದೆ."
    ),
    # seat changes (state)
    "{name} sat down": "{name} ಟೇಬಲ್ ಸೇರಿದರು",
    "{name} left": "{name} ಟೇಬಲ್ ಬಿಟ್ಟರು",
    "{name} left; a bot plays the seat": "{name} ಟೇಬಲ್ ಬಿಟ್ಟರು: ಅವರ ಆಸನದಲ್ಲಿ ಬಾಟ್ ಆಡುತ್ತದೆ",
    "A bot stands in for {name}": "{name} ಅವರ ಬದಲಿಗೆ ಬಾಟ್ ಆಡುತ್ತಿದೆ",
    "{name} lost the connection": "{name} ಅವರ ಸಂಪರ್ಕ ಕಡಿದುಹೋಯಿತು",
    "{name} is back": "{name} ಮರಳಿ ಬಂದರು",
    # cards and colours (words)
    "red": "ಕೆಂಪು",
    "green": "ಹಸಿರು",
    "blue": "ನೀಲಿ",
    "yellow": "ಹಳದಿ",
    "{color} {card}": "{color} {card}",
    "Stop": "ಸ್ಟಾಪ್",
    "Change Direction": "ದಿಕ್ಕು ಬದಲಿಸಿ",
    "Plus": "ಪ್ಲಸ್",
    "Change Colour": "ಬಣ್ಣವನ್ನು ಬದಲಾಯಿಸಿ",
    "Super TAKI": "ಸೂಪರ್ TAKI",
    "King": "ಕಿಂಗ್",
    "+3 Breaker": "+3 ಬ್ರೇಕರ್",
    "1 card": "1 ಕಾರ್ಡ್",
    "{n} cards": "{n} ಕಾರ್ಡುಗಳು",
    # the game log (words); "ಆಡಿದ್ದು {card}" reads right for ನೀವು and for a name alike
    "{who} played {card}": "{who} ಆಡಿದ್ದು {card}",
    "colour is now {color}": "ಈಗ ಬಣ್ಣ {color}",
    "{who} drew {cards}": "{who} ಡ್ರಾ ಮಾಡಿದ್ದು {cards}",
    "(+2 stack)": "(+2 ಸ್ಟಾಕ್)",
    "(owed after a Plus)": "(ಪ್ಲಸ್ ನಂತರ ಬಾಕಿ)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(ಅವರ +3 ಮುರಿಯಲಾಯಿತು)",
    "(+3 Breaker penalty)": "(+3 ಬ್ರೇಕರ್ ದಂಡ)",
    "(did not declare last card)": "(ಕೊನೆಯ ಕಾರ್ಡ್ ಎಂದು ಘೋಷಿಸಲಿಲ್ಲ)",
    "(next stage)": "(ಮುಂದಿನ ಹಂತ)",
    "{who} declared last card": '{who} "ಕೊನೆಯ ಕಾರ್ಡ್" ಎಂದು ಘೋಷಿಸಿದರು',
    "{who} closed the TAKI": "{who} TAKI ಮುಚ್ಚಿದರು",
    "{who} left the TAKI open": "{who} TAKI ತೆರೆದೇ ಬಿಟ್ಟರು",
    "{who} ended the turn": "{who} ಸರದಿ ಮುಗಿಸಿದರು",
    "{who} let the +3 through": "{who} +3 ಗೆ ಪಾಸ್ ಮಾಡಿದರು",
    "{who} broke the +3!": "{who} +3 ಅನ್ನು ಮುರಿದರು!",
    "{who}: turn skipped": "{who}: ಸರದಿ ತಪ್ಪಿತು",
    "{who} cleared a stage: now stage {n}": "{who} ಒಂದು ಹಂತ ದಾಟಿದರು: ಈಗ ಹಂತ {n}",
    "Direction reversed": "ದಿಕ್ಕು ಬದಲಾಯಿತು",
    "The discard pile was shuffled into a new draw pile": (
        "ತಿರಸ್ಕರಿಸಿದ ರಾಶಿಯನ್ನು ಶಫಲ್ ಮಾಡಿ ಹೊಸ ಡ್ರಾ ಪೈಲ್ ಮಾಡಲಾಯಿತು"
    ),
    "{who} cancelled the +{n} stack with a King": "{who} ಕಿಂಗ್ ಕಾರ್ಡಿನಿಂದ +{n} ಸ್ಟಾಕ್ ರದ್ದುಗೊಳಿಸಿದರು",
    "{who} cancelled the +3 with a King": "{who} ಕಿಂಗ್ ಕಾರ್ಡಿನಿಂದ +3 ರದ್ದುಗೊಳಿಸಿದರು",
    "{who} wins!": "{who} ಗೆದ್ದರು!",
    "{who} finishes in place {n}": "{who} {n}ನೇ ಸ್ಥಾನ ಪಡೆದರು",
    # the game log, the player's own events (words)
    "You played {card}": "ನೀವು ಆಡಿದ್ದು {card}",
    "You drew {cards}": "ನೀವು ಡ್ರಾ ಮಾಡಿದ್ದು {cards}",
    "You declared last card": 'ನೀವು "ಕೊನೆಯ ಕಾರ್ಡ್" ಎಂದು ಘೋಷಿಸಿದಿರಿ',
    "You closed the TAKI": "ನೀವು TAKI ಮುಚ್ಚಿದಿರಿ",
    "You left the TAKI open": "ನೀವು TAKI ತೆರೆದೇ ಬಿಟ್ಟಿರಿ",
    "You ended the turn": "ನೀವು ಸರದಿ ಮುಗಿಸಿದಿರಿ",
    "You let the +3 through": "ನೀವು +3 ಗೆ ಪಾಸ್ ಮಾಡಿದಿರಿ",
    "You broke the +3!": "ನೀವು +3 ಅನ್ನು ಮುರಿದಿರಿ!",
    "Your turn is skipped": "ನಿಮ್ಮ ಸರದಿ ತಪ್ಪಿತು",
    "You cleared a stage: now stage {n}": "ನೀವು ಒಂದು ಹಂತ ದಾಟಿದಿರಿ: ಈಗ ಹಂತ {n}",
    "You cancelled the +{n} stack with a King": "ನೀವು ಕಿಂಗ್ ಕಾರ್ಡಿನಿಂದ +{n} ಸ್ಟಾಕ್ ರದ್ದುಗೊಳಿಸಿದಿರಿ",
    "You cancelled the +3 with a King": "ನೀವು ಕಿಂಗ್ ಕಾರ್ಡಿನಿಂದ +3 ರದ್ದುಗೊಳಿಸಿದಿರಿ",
    "You win!": "ನೀವು ಗೆದ್ದಿರಿ!",
    "You finish in place {n}": "ನೀವು {n}ನೇ ಸ್ಥಾನ ಪಡೆದಿರಿ",
    # LAN discovery (start screen)
    "Cannot look for games on this network: join by address.": (
        "ಈ ನೆಟ್ವರ್ಕ್ನಲ್ಲಿ ಆಟಗಳನ್ನು ಹುಡುಕಲಾಗುತ್ತಿಲ್ಲ: ವಿಳಾಸದಿಂದ ಸೇರಿ."
    ),
    "Games on your network (g):": "ನಿಮ್ಮ ನೆಟ್ವರ್ಕ್ನಲ್ಲಿರುವ ಆಟಗಳು (g):",
    "Looking for games on your network...": (
        "ನಿಮ್ಮ ನೆಟ್ವರ್ಕ್ನಲ್ಲಿ ಆಟಗಳನ್ನು ಹುಡುಕಲಾಗುತ್ತಿದೆ..."
    ),
    "open tables: {count}": "ತೆರೆದ ಟೇಬಲುಗಳು: {count}",
    "another version of taki": "taki ಯ ಬೇರೆ ಆವೃತ್ತಿ",
    "Joining {address}...": "{address} ಗೆ ಸೇರಲಾಗುತ್ತಿದೆ...",
    # replay (a finished game, step by step)
    "Replay": "ರೀಪ್ಲೇ",
    "step {n} of {total}": "{total} ಹೆಜ್ಜೆಗಳಲ್ಲಿ {n}ನೇ ಹೆಜ್ಜೆ",
    "The deal.": "ಕಾರ್ಡುಗಳನ್ನು ಹಂಚಲಾಯಿತು.",
    "This replay does not follow the rules here; it stops.": (
        "ಈ ರೀಪ್ಲೇ ಇಲ್ಲಿ ನಿಯಮಗಳನ್ನು ಅನುಸರಿಸುವುದಿಲ್ಲ; ಇಲ್ಲಿಗೆ ನಿಲ್ಲುತ್ತದೆ."
    ),
    "→ forward · ← back · PgUp/PgDn ten · Home/End · q close": (
        "→ ಮುಂದೆ · ← ಹಿಂದೆ · PgUp/PgDn ಹತ್ತು · Home/End · q ಮುಚ್ಚಿ"
    ),
}

RULES: str = """\
# TAKI

**ಗುರಿ**: ಎಲ್ಲರಿಗಿಂತ ಮೊದಲು ನಿಮ್ಮ ಕೈಯನ್ನು ಖಾಲಿ ಮಾಡುವುದು. ಲೀಡಿಂಗ್ ಕಾರ್ಡಿನ **ಬಣ್ಣ** ಅಥವಾ
**ಚಿಹ್ನೆ** ಹೊಂದುವ ಕಾರ್ಡ್ ಅಥವಾ ಬಣ್ಣರಹಿತ ಕಾರ್ಡ್ ಆಡಿ; ಇಲ್ಲವೇ ಒಂದು ಕಾರ್ಡ್ ಡ್ರಾ ಮಾಡಿ
(ನಿಮ್ಮ ಸರದಿ ಮುಗಿಯುತ್ತದೆ).

**ಕೊನೆಯ ಕಾರ್ಡ್**: ನಿಮ್ಮ ಸರದಿ ಒಂದೇ ಕಾರ್ಡಿನೊಂದಿಗೆ ಮುಗಿದರೆ, ಅದೇ ಸರದಿಯಲ್ಲಿ ನೀವು
*ಕೊನೆಯ ಕಾರ್ಡ್* ಎಂದು ಹೇಳಿರಬೇಕು (ಕೀ **l**); ಇಲ್ಲದಿದ್ದರೆ ನೀವು
4 ಕಾರ್ಡುಗಳನ್ನು ಡ್ರಾ ಮಾಡಬೇಕು.

## ಆಕ್ಷನ್ ಕಾರ್ಡುಗಳು
- **ಸ್ಟಾಪ್**: ಮುಂದಿನ ಆಟಗಾರನ ಸರದಿ ತಪ್ಪುತ್ತದೆ (2 ಆಟಗಾರರಿದ್ದರೆ ನೀವೇ ಮತ್ತೆ ಆಡುತ್ತೀರಿ).
- **+2**: ಮುಂದಿನ ಆಟಗಾರ ಇನ್ನೊಂದು +2 ಸೇರಿಸುತ್ತಾರೆ, ಕಿಂಗ್ ಆಡುತ್ತಾರೆ, ಅಥವಾ ಇಡೀ ಸ್ಟಾಕನ್ನು
  ಡ್ರಾ ಮಾಡುತ್ತಾರೆ.
- **ದಿಕ್ಕು ಬದಲಿಸಿ** (<->): ಆಟ ವಿರುದ್ಧ ದಿಕ್ಕಿನಲ್ಲಿ ಸಾಗುತ್ತದೆ.
- **ಪ್ಲಸ್**: ಇನ್ನೊಂದು ಕಾರ್ಡ್ ಆಡಿ (ಅದು ಹೊಂದಿಕೆಯಾಗಬೇಕು), ಅಥವಾ 1 ಡ್ರಾ ಮಾಡಿ. ಪ್ಲಸ್ ಕಾರ್ಡಿನಿಂದ
  ಗೆಲ್ಲಲು ಸಾಧ್ಯವಿಲ್ಲ.
- **TAKI**: ಅದರ ಬಣ್ಣದ ಎಷ್ಟು ಕಾರ್ಡುಗಳನ್ನಾದರೂ ಆಡಿ, ನಂತರ ಅದನ್ನು **ಮುಚ್ಚಿ** (ಕೀ **c**);
  ಕೊನೆಯ ಕಾರ್ಡಿನ ಕ್ರಿಯೆ ಮಾತ್ರ ಲೆಕ್ಕಕ್ಕೆ ಬರುತ್ತದೆ. ಅದನ್ನು ತೆರೆದೇ ಬಿಟ್ಟರೆ (**e**) ಮುಂದಿನ
  ಆಟಗಾರ ಅದನ್ನು ಮುಂದುವರಿಸಬಹುದು.
- **ಬಣ್ಣವನ್ನು ಬದಲಾಯಿಸಿ**: ಹೊಸ ಬಣ್ಣವನ್ನು ಹೆಸರಿಸಿ (+2 ಸ್ಟಾಕ್ ಅಥವಾ ಬಾಕಿ ಇರುವ +3 ಮೇಲೆ ಅಲ್ಲ).
- **ಸೂಪರ್ TAKI**: ಸಕ್ರಿಯ ಬಣ್ಣದ TAKI.
- **ಕಿಂಗ್**: +2 ಸ್ಟಾಕ್ ಅಥವಾ +3 ಅನ್ನು ರದ್ದುಗೊಳಿಸುತ್ತದೆ; ನಂತರ ಯಾವುದೇ ಒಂದು ಕಾರ್ಡ್ ಆಡಿ,
  ಅಥವಾ ಸರದಿ ಮುಗಿಸಿ (**e**).
- **+3**: ಉಳಿದೆಲ್ಲರೂ 3 ಡ್ರಾ ಮಾಡುತ್ತಾರೆ, ಯಾರಾದರೂ +3 ಬ್ರೇಕರ್ ಕಾರ್ಡಿನಿಂದ ಅದನ್ನು
  **ಮುರಿಯದಿದ್ದರೆ** (**b**); ಮುರಿದರೆ +3 ಆಡಿದವರೇ 3 ಡ್ರಾ ಮಾಡುತ್ತಾರೆ. ಇತರರು **ಪಾಸ್**
  ಮಾಡಬಹುದು (**p**).
- **+3 ಬ್ರೇಕರ್** ನಿಮ್ಮದೇ ಸರದಿಯಲ್ಲಿ: ನೀವು 3 ಡ್ರಾ ಮಾಡುತ್ತೀರಿ; ಮುಂದಿನ ಆಟಗಾರ ಅದರ ಕೆಳಗಿನ
  ಕಾರ್ಡನ್ನು ಅನುಸರಿಸುತ್ತಾರೆ.

## ಮನೆ ನಿಯಮಗಳು (ನಮ್ಮವು, ಮುದ್ರಿತ ನಿಯಮಗಳಲ್ಲ)
- ಆರಂಭದ ಕಾರ್ಡ್ ಬಣ್ಣರಹಿತವಾಗಿದ್ದರೆ ಅದು ಡ್ರಾ ಪೈಲಿನ ತಳಕ್ಕೆ ಹೋಗುತ್ತದೆ; ಮುಂದಿನದನ್ನು
  ತಿರುಗಿಸಲಾಗುತ್ತದೆ.
- ಯಾರು ಆರಂಭಿಸಬೇಕೆಂದು ಆತಿಥೇಯರು ಆರಿಸುತ್ತಾರೆ (ಪೂರ್ವನಿಯೋಜಿತವಾಗಿ ಯಾದೃಚ್ಛಿಕ).
- ಆಡಲು ಸಾಧ್ಯವಿದ್ದರೂ ನೀವು ಡ್ರಾ ಮಾಡಬಹುದು (ಟೇಬಲಿನಲ್ಲಿ *ಆಡುವುದು ಕಡ್ಡಾಯ* ಆಯ್ಕೆ ಇಲ್ಲದಿದ್ದರೆ).
- ಟೇಬಲ್ ಆಯ್ಕೆಗಳು: *ಪಂದ್ಯಾವಳಿ* (8 ಹಂತಗಳ ಟೂರ್ನಮೆಂಟ್), *ಸ್ಥಾನಗಳಿಗಾಗಿ ಆಟ*.

## ಕೀಗಳು
| ಕೀ | ಕೆಲಸ |
|---|---|
| ←/→ ಅಥವಾ 1-9 | ಕಾರ್ಡ್ ಆರಿಸಿ |
| Enter ಅಥವಾ ಕ್ಲಿಕ್ | ಅದನ್ನು ಆಡಿ |
| d | ಡ್ರಾ |
| c | TAKI ಮುಚ್ಚಿ |
| e | ಸರದಿ ಮುಗಿಸಿ (ಕಿಂಗ್ ನಂತರ, ಅಥವಾ TAKI ತೆರೆದೇ ಬಿಡಲು) |
| l | "ಕೊನೆಯ ಕಾರ್ಡ್" ಎಂದು ಹೇಳಿ |
| b / p | +3 ಮುರಿಯಿರಿ / ಪಾಸ್ ಮಾಡಿ |
| r, g, b, y | ಬಣ್ಣವನ್ನು ಬದಲಾಯಿಸಿ ಕಾರ್ಡಿನ ಹೊಸ ಬಣ್ಣ ಹೆಸರಿಸಿ (ಕೆಂಪು, ಹಸಿರು, ನೀಲಿ, ಹಳದಿ) |
| t | ಚಾಟ್ |
| s, a, A, x, r | ಆತಿಥೇಯ: ಆರಂಭಿಸಿ, ಸಾಮಾನ್ಯ ಬಾಟ್ ಸೇರಿಸಿ, ಯಾದೃಚ್ಛಿಕ ಬಾಟ್ ಸೇರಿಸಿ, ಬಾಟ್ ತೆಗೆಯಿರಿ, ಮರುಪಂದ್ಯ |
| v | ಮುಗಿದ ಆಟವನ್ನು ಹೆಜ್ಜೆ ಹೆಜ್ಜೆಯಾಗಿ ನೋಡಿ (ರೀಪ್ಲೇಯಲ್ಲಿ → / ←) |
| q | ಟೇಬಲ್ ಬಿಡಿ |
| ? | ಈ ಸಹಾಯ (Esc ಇದನ್ನು ಮುಚ್ಚುತ್ತದೆ) |
"""

# LAN: hosting, unreachable servers, a stopped server, discovery (issue 12).
MESSAGES.update({
    "The server is back.": "ಸರ್ವರ್ ಮತ್ತೆ ಬಂದಿದೆ.",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "ಪೋರ್ಟ್ {busy} ಅನ್ನು ಬೇರೆ ಪ್ರೋಗ್ರಾಂ ಬಳಸುತ್ತಿದೆ, ಆದ್ದರಿಂದ ನಿಮ್ಮ ಸರ್ವರ್ ಪೋರ್ಟ್ {port} ಬಳಸುತ್ತದೆ."
    ),
    "The server was stopped: waiting for it...": "ಸರ್ವರ್ ನಿಲ್ಲಿಸಲಾಗಿದೆ: ಅದಕ್ಕಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ...",
    "Cannot host": "ಆತಿಥ್ಯ ವಹಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ",
    "The server was stopped.": "ಸರ್ವರ್ ನಿಲ್ಲಿಸಲಾಗಿದೆ.",
    "Cannot reach {address}: {reason}": "{address} ತಲುಪಲು ಸಾಧ್ಯವಿಲ್ಲ: {reason}",
    "Trying again now...": "ಈಗ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಲಾಗುತ್ತಿದೆ...",
    "No such host: {host}.": "ಅಂತಹ ಹೋಸ್ಟ್ ಇಲ್ಲ: {host}.",
    "Nothing answers at {address}.": "{address} ನಲ್ಲಿ ಯಾವುದೂ ಉತ್ತರಿಸುತ್ತಿಲ್ಲ.",
    "No answer from {address}.": "{address} ನಿಂದ ಉತ್ತರವಿಲ್ಲ.",
    "e edit the address · b back · q quit": "e ವಿಳಾಸ ಬದಲಿಸಿ · b ಹಿಂದೆ · q ನಿರ್ಗಮಿಸಿ",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "{seconds} s ನಲ್ಲಿ ಮತ್ತೆ ಪ್ರಯತ್ನ (ಪ್ರಯತ್ನ {attempt})."
    ),
    "Cannot join {address}": "{address} ಸೇರಲು ಸಾಧ್ಯವಿಲ್ಲ",
    "Enter: on to the lobby · i shows this again": "Enter: ಲಾಬಿಗೆ · i ಇದನ್ನು ಮತ್ತೆ ತೋರಿಸುತ್ತದೆ",
    "y quit and stop the server · n stay": "y ನಿರ್ಗಮಿಸಿ ಮತ್ತು ಸರ್ವರ್ ನಿಲ್ಲಿಸಿ · n ಇರಿ",
    "Your server is running. Friends type one of these:": (
        "ನಿಮ್ಮ ಸರ್ವರ್ ಚಾಲನೆಯಲ್ಲಿದೆ. ಸ್ನೇಹಿತರು ಇವುಗಳಲ್ಲಿ ಒಂದನ್ನು ಟೈಪ್ ಮಾಡುತ್ತಾರೆ:"
    ),
    "{count} other players are at your server. Quitting stops it for them too.": (
        "{count} ಇತರ ಆಟಗಾರರು ನಿಮ್ಮ ಸರ್ವರ್‌ನಲ್ಲಿದ್ದಾರೆ. ನಿರ್ಗಮಿಸಿದರೆ ಅವರಿಗೂ ಅದು ನಿಲ್ಲುತ್ತದೆ."
    ),
    "(this machine)": "(ಈ ಯಂತ್ರ)",
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "ಆಟಗಳನ್ನು ಹುಡುಕುತ್ತಿಲ್ಲ (TAKI_DISCOVERY=off): ವಿಳಾಸದಿಂದ ಸೇರಿ."
    ),
    "No games found on this network (r looks again).": (
        "ಈ ನೆಟ್‌ವರ್ಕ್‌ನಲ್ಲಿ ಯಾವುದೇ ಆಟಗಳು ಸಿಗಲಿಲ್ಲ (r ಮತ್ತೆ ಹುಡುಕುತ್ತದೆ)."
    ),
})
