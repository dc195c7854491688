"""Kannada (ಕನ್ನಡ): the UI strings, their plural forms and the rules help.

Terms follow docs/i18n/kn.md (the glossary a test checks): ಕಾರ್ಡ್ ಕಟ್ಟು (deck), ತೆಗೆಯುವ
ರಾಶಿ (draw pile), ಹಾಕಿದ ಕಾರ್ಡುಗಳ ರಾಶಿ (discard pile), ಮೇಲಿನ ಕಾರ್ಡ್, ಕೈ, ಸರದಿ, ಮೇಜು
(never ಟೇಬಲ್), ಮರುನೋಟ (never ರೀಪ್ಲೇ), ಹಂತ, ಆತಿಥೇಯ (the host; to host a game is
ಆಯೋಜಿಸು), ಕೊನೆಯ ಕಾರ್ಡ್; the cards ಸ್ಟಾಪ್, +2, ದಿಕ್ಕು ಬದಲಾವಣೆ, ಪ್ಲಸ್, TAKI, ಬಣ್ಣ
ಬದಲಾವಣೆ, ಸೂಪರ್ TAKI, ರಾಜ, +3, +3 ಬ್ರೇಕರ್; TAKI stays in Latin letters as on the cards.
Objects take the accusative (ಕಾರ್ಡನ್ನು, ಕಾರ್ಡುಗಳನ್ನು, +3 ಅನ್ನು); a card named in the log
follows a colon ('ದಾನಾ ಹಾಕಿದ್ದು: ಕೆಂಪು 7'), a name takes ಅವರ / ಅವರಿಗೆ where Kannada
needs a case. Players get the respectful plural verb. ZWNJ (\u200c) keeps a virama
visible where English loanwords meet a suffix (ಸರ್ವರ್\u200cನಲ್ಲಿ).
"""

KEYS: dict[str, str] = {
}
"""Key names as this language's keyboards print them (i18n.key)."""

MESSAGES: dict[str, str] = {
    # client/announce.py
    "Time ran out: your turn ends": "ಸಮಯ ಮುಗಿಯಿತು: ನಿಮ್ಮ ಸರದಿ ಮುಗಿಯಿತು",
    "Time ran out for {who}": "{who} ಅವರ ಸಮಯ ಮುಗಿಯಿತು",
    "You did not say last card: you draw {n}": (
        "ನೀವು “ಕೊನೆಯ ಕಾರ್ಡ್” ಎನ್ನಲಿಲ್ಲ: ದಂಡವಾಗಿ {n} ತೆಗೆಯುತ್ತೀರಿ"
    ),
    "{who} did not say last card: draws {n}": (
        "{who} “ಕೊನೆಯ ಕಾರ್ಡ್” ಎನ್ನಲಿಲ್ಲ: {n} ತೆಗೆಯುತ್ತಾರೆ"
    ),
    "Your +3": "ನಿಮ್ಮ +3",
    "+3 from you: the others answer": "ನಿಮ್ಮ +3: ಉಳಿದವರು ಉತ್ತರಿಸುತ್ತಾರೆ",
    "+3 from {who}: break it (b) or let it through (p)": (
        "{who} ಹಾಕಿದ +3: ಮುರಿಯಿರಿ (b) ಅಥವಾ ಬಿಡಿ (p)"
    ),
    "+3 from {who}: break (b), pass (p) or King (K)":
        "{who} ಹಾಕಿದ +3: ಮುರಿಯಿರಿ (b), ಬಿಡಿ (p) ಅಥವಾ ರಾಜ (K)",
    "+3 from {who}: pass (p) or cancel it with a King (K)":
        "{who} ಹಾಕಿದ +3: ಬಿಡಿ (p) ಅಥವಾ ರಾಜನಿಂದ ರದ್ದುಮಾಡಿ (K)",
    "+3 from {who}: let it through (p)": "{who} ಹಾಕಿದ +3: ಬಿಡಿ (p)",
    "You said last card": "ನೀವು “ಕೊನೆಯ ಕಾರ್ಡ್” ಎಂದಿರಿ",
    "{who} said last card": "{who} “ಕೊನೆಯ ಕಾರ್ಡ್” ಎಂದರು",
    # client/app.py
    "Spectator": "ವೀಕ್ಷಕ",
    "Player": "ಆಟಗಾರ",
    "A name is 1 to {n} printable characters.": "ಹೆಸರು 1 ರಿಂದ {n} ಮುದ್ರಿಸಬಹುದಾದ ಅಕ್ಷರಗಳಿರಬೇಕು.",
    "Refused": "ನಿರಾಕರಿಸಲಾಗಿದೆ",
    "The local server did not start.": "ಸ್ಥಳೀಯ ಸರ್ವರ್ ಪ್ರಾರಂಭವಾಗಲಿಲ್ಲ.",
    "The local server did not start ({detail}).": "ಸ್ಥಳೀಯ ಸರ್ವರ್ ಪ್ರಾರಂಭವಾಗಲಿಲ್ಲ ({detail}).",
    "The local server did not start in time.": "ಸ್ಥಳೀಯ ಸರ್ವರ್ ಸಮಯಕ್ಕೆ ಸರಿಯಾಗಿ ಪ್ರಾರಂಭವಾಗಲಿಲ್ಲ.",
    "Type an address like 192.168.1.23:8254": "192.168.1.23:8254 ರೀತಿಯ ವಿಳಾಸವನ್ನು ಟೈಪ್ ಮಾಡಿ",
    "Type an address, e.g. 192.168.1.23:8254.": "ವಿಳಾಸವನ್ನು ಟೈಪ್ ಮಾಡಿ, ಉದಾ. 192.168.1.23:8254.",
    "Put an IPv6 address in square brackets, then :port.": (
        "IPv6 ವಿಳಾಸವನ್ನು ಚೌಕ ಆವರಣದಲ್ಲಿ ಇಡಿ, ನಂತರ :ಪೋರ್ಟ್."
    ),
    "The address has no host: write host:port, e.g. 192.168.1.23:8254.": (
        "ವಿಳಾಸದಲ್ಲಿ ಯಂತ್ರವಿಲ್ಲ: ವಿಳಾಸ:ಪೋರ್ಟ್ ಎಂದು ಬರೆಯಿರಿ, ಉದಾ. 192.168.1.23:8254."
    ),
    "Not a host name: {host}.": "ಇದು ಯಂತ್ರದ ಹೆಸರಲ್ಲ: {host}.",
    "The port is not a number: {port}.": "ಪೋರ್ಟ್ ಸಂಖ್ಯೆಯಲ್ಲ: {port}.",
    "The port must be from 1 to 65535.": "ಪೋರ್ಟ್ 1 ರಿಂದ 65535 ರ ನಡುವೆ ಇರಬೇಕು.",
    "this computer": "ಈ ಕಂಪ್ಯೂಟರ್",
    "{name}'s table": "{name} ಅವರ ಮೇಜು",
    "Cannot host": "ಆಟ ಆಯೋಜಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "ಪೋರ್ಟ್ {busy} ಅನ್ನು ಬೇರೆ ಪ್ರೋಗ್ರಾಂ ಬಳಸುತ್ತಿದೆ, ಆದ್ದರಿಂದ ನಿಮ್ಮ ಸರ್ವರ್ ಪೋರ್ಟ್ {port} "
        "ಬಳಸುತ್ತದೆ."
    ),
    "No network found: only this machine can join ({address}).": (
        "ಯಾವುದೇ ಜಾಲ ಕಂಡುಬಂದಿಲ್ಲ: ಈ ಯಂತ್ರ ಮಾತ್ರ ಸೇರಬಹುದು ({address})."
    ),
    "Friends join with:": "ಸ್ನೇಹಿತರು ಇದರ ಮೂಲಕ ಸೇರಬಹುದು:",
    # client/levels.py
    "easy": "ಸುಲಭ",
    "normal": "ಸಾಮಾನ್ಯ",
    "strong": "ಕಠಿಣ",
    # client/refusals.py
    "The game has started: watch it instead.": "ಆಟ ಆರಂಭವಾಗಿದೆ: ಬದಲಿಗೆ ಅದನ್ನು ನೋಡಿ.",
    "The server could not read a message from this client.": (
        "ಈ ಕ್ಲೈಂಟ್\u200cನ ಸಂದೇಶವನ್ನು ಸರ್ವರ್ ಓದಲಾಗಲಿಲ್ಲ."
    ),
    "The server refused a message too long for it.": "ತುಂಬಾ ಉದ್ದದ ಸಂದೇಶವನ್ನು ಸರ್ವರ್ ನಿರಾಕರಿಸಿತು.",
    "This client and the server share no protocol version: update one.": (
        "ಈ ಕ್ಲೈಂಟ್ ಮತ್ತು ಸರ್ವರ್\u200cಗೆ ಸಾಮಾನ್ಯ ಆವೃತ್ತಿ ಇಲ್ಲ: ಒಂದನ್ನು ನವೀಕರಿಸಿ."
    ),
    "The server waited too long for this client.": (
        "ಸರ್ವರ್ ಈ ಕ್ಲೈಂಟ್\u200cಗಾಗಿ ತುಂಬಾ ಹೊತ್ತು ಕಾಯಿತು."
    ),
    "This client read the server's messages too slowly.": (
        "ಈ ಕ್ಲೈಂಟ್ ಸರ್ವರ್\u200cನ ಸಂದೇಶಗಳನ್ನು ತುಂಬಾ ನಿಧಾನವಾಗಿ ಓದಿತು."
    ),
    "The server takes no more connections right now.": (
        "ಸರ್ವರ್ ಈಗ ಇನ್ನಷ್ಟು ಸಂಪರ್ಕಗಳನ್ನು ಸ್ವೀಕರಿಸುತ್ತಿಲ್ಲ."
    ),
    "Too many requests: the server closed the connection.": (
        "ತುಂಬಾ ವಿನಂತಿಗಳು: ಸರ್ವರ್ ಸಂಪರ್ಕವನ್ನು ಮುಚ್ಚಿತು."
    ),
    "The server could not take that request.": "ಸರ್ವರ್ ಆ ವಿನಂತಿಯನ್ನು ಸ್ವೀಕರಿಸಲಾಗಲಿಲ್ಲ.",
    "The server does not know that request.": "ಸರ್ವರ್\u200cಗೆ ಆ ವಿನಂತಿ ತಿಳಿದಿಲ್ಲ.",
    "The server did not expect that request now.": "ಸರ್ವರ್ ಈಗ ಆ ವಿನಂತಿಯನ್ನು ನಿರೀಕ್ಷಿಸಿರಲಿಲ್ಲ.",
    "Spectators cannot take or run a seat.": "ವೀಕ್ಷಕರು ಆಸನವನ್ನು ಪಡೆಯಲು ಅಥವಾ ನಡೆಸಲು ಸಾಧ್ಯವಿಲ್ಲ.",
    "Too many requests: wait a moment and try again.": (
        "ತುಂಬಾ ವಿನಂತಿಗಳು: ಸ್ವಲ್ಪ ಕಾದು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ."
    ),
    "The server failed to carry that out.": "ಸರ್ವರ್ ಅದನ್ನು ನಿರ್ವಹಿಸಲು ವಿಫಲವಾಯಿತು.",
    "The server cannot save right now: try again later.": (
        "ಸರ್ವರ್ ಈಗ ಉಳಿಸಲಾಗುತ್ತಿಲ್ಲ: ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ."
    ),
    "The server holds as many tables as it can: join one.": (
        "ಸರ್ವರ್ ಸಾಧ್ಯವಾದಷ್ಟು ಮೇಜುಗಳನ್ನು ಹೊಂದಿದೆ: ಒಂದಕ್ಕೆ ಸೇರಿ."
    ),
    "Every seat at this table is taken.": "ಈ ಮೇಜಿನ ಎಲ್ಲಾ ಆಸನಗಳು ತುಂಬಿವೆ.",
    "That seat is taken.": "ಆ ಆಸನ ತುಂಬಿದೆ.",
    "There is no such seat.": "ಅಂತಹ ಆಸನ ಇಲ್ಲ.",
    "Leave your table first.": "ಮೊದಲು ನಿಮ್ಮ ಮೇಜನ್ನು ಬಿಡಿ.",
    "Join or watch a table first.": "ಮೊದಲು ಒಂದು ಮೇಜಿಗೆ ಸೇರಿ ಅಥವಾ ಅದನ್ನು ನೋಡಿ.",
    "Only a seated player can do that.": "ಕುಳಿತ ಆಟಗಾರ ಮಾತ್ರ ಇದನ್ನು ಮಾಡಬಹುದು.",
    "Only the table's host can do that.": "ಮೇಜಿನ ಆತಿಥೇಯರು ಮಾತ್ರ ಇದನ್ನು ಮಾಡಬಹುದು.",
    "A person holds that seat, not a bot.": "ಆ ಆಸನದಲ್ಲಿ ಒಬ್ಬ ವ್ಯಕ್ತಿ ಇದ್ದಾರೆ, ಬಾಟ್ ಅಲ್ಲ.",
    "A game needs at least two seated players.": "ಆಟಕ್ಕೆ ಕನಿಷ್ಠ ಇಬ್ಬರು ಕುಳಿತ ಆಟಗಾರರು ಬೇಕು.",
    "Not while a game is being played.": "ಆಟ ನಡೆಯುತ್ತಿರುವಾಗ ಅಲ್ಲ.",
    "No game is being played.": "ಯಾವುದೇ ಆಟ ನಡೆಯುತ್ತಿಲ್ಲ.",
    "The game moved on meanwhile: look again.": "ಈ ನಡುವೆ ಆಟ ಮುಂದುವರಿದಿದೆ: ಮತ್ತೆ ನೋಡಿ.",
    "It is not your turn.": "ಇದು ನಿಮ್ಮ ಸರದಿ ಅಲ್ಲ.",
    "That colour does not go with that card.": "ಆ ಬಣ್ಣ ಆ ಕಾರ್ಡಿಗೆ ಹೊಂದುವುದಿಲ್ಲ.",
    "The rules do not allow that now.": "ನಿಯಮಗಳು ಈಗ ಅದಕ್ಕೆ ಅನುಮತಿಸುವುದಿಲ್ಲ.",
    "The server could not read that move.": "ಸರ್ವರ್ ಆ ನಡೆಯನ್ನು ಓದಲಾಗಲಿಲ್ಲ.",
    "There is no such table.": "ಅಂತಹ ಮೇಜು ಇಲ್ಲ.",
    "There is no such finished game.": "ಅಂತಹ ಮುಗಿದ ಆಟ ಇಲ್ಲ.",
    "There is no table {table}.": "{table} ಎಂಬ ಮೇಜು ಇಲ್ಲ.",
    "There is no finished game number {game}.": "{game} ಸಂಖ್ಯೆಯ ಮುಗಿದ ಆಟ ಇಲ್ಲ.",
    # client/screens/cannot_join.py
    "No such host: {host}.": "ಅಂತಹ ಯಂತ್ರ ಇಲ್ಲ: {host}.",
    "Nothing answers at {address}.": "{address} ನಲ್ಲಿ ಯಾವುದೂ ಉತ್ತರಿಸುತ್ತಿಲ್ಲ.",
    "No answer from {address}.": "{address} ನಿಂದ ಉತ್ತರವಿಲ್ಲ.",
    "Cannot reach {address}.": "{address} ತಲುಪಲು ಸಾಧ್ಯವಿಲ್ಲ.",
    "Cannot reach {address} ({detail}).": "{address} ತಲುಪಲು ಸಾಧ್ಯವಿಲ್ಲ ({detail}).",
    "The server closed the connection.": "ಸರ್ವರ್ ಸಂಪರ್ಕವನ್ನು ಮುಚ್ಚಿತು.",
    "The server refused the connection.": "ಸರ್ವರ್ ಸಂಪರ್ಕವನ್ನು ನಿರಾಕರಿಸಿತು.",
    "The connection was lost.": "ಸಂಪರ್ಕ ಕಡಿದುಹೋಯಿತು.",
    "The connection was lost ({detail}).": "ಸಂಪರ್ಕ ಕಡಿದುಹೋಯಿತು ({detail}).",
    "The server stopped answering: nothing heard for {seconds} s.": (
        "ಸರ್ವರ್ ಉತ್ತರಿಸುವುದನ್ನು ನಿಲ್ಲಿಸಿತು: {seconds} ಸೆ. ಕಾಲ ಏನೂ ಬಂದಿಲ್ಲ."
    ),
    "Unreadable message from the server.": "ಸರ್ವರ್\u200cನಿಂದ ಓದಲಾಗದ ಸಂದೇಶ.",
    "Unreadable message from the server ({detail}).": "ಸರ್ವರ್\u200cನಿಂದ ಓದಲಾಗದ ಸಂದೇಶ ({detail}).",
    "That message cannot be sent.": "ಆ ಸಂದೇಶವನ್ನು ಕಳುಹಿಸಲಾಗುವುದಿಲ್ಲ.",
    "That message cannot be sent ({detail}).": "ಆ ಸಂದೇಶವನ್ನು ಕಳುಹಿಸಲಾಗುವುದಿಲ್ಲ ({detail}).",
    "host:port": "ವಿಳಾಸ:ಪೋರ್ಟ್",
    "e edit the address · b back · q quit": "e ವಿಳಾಸ ಬದಲಿಸಿ · b ಹಿಂದೆ · q ನಿರ್ಗಮಿಸಿ",
    "Cannot join {address}": "{address} ಸೇರಲು ಸಾಧ್ಯವಿಲ್ಲ",
    "Trying again now...": "ಈಗ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಲಾಗುತ್ತಿದೆ...",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "{seconds} ಸೆ. ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನ (ಪ್ರಯತ್ನ {attempt})."
    ),
    # client/screens/help.py
    "card": "ಕಾರ್ಡ್",
    "label": "ಬರಹ",
    "Card labels": "ಕಾರ್ಡುಗಳ ಮೇಲಿನ ಬರಹ",
    # client/screens/hosting.py
    "Your server is running. Friends type one of these:": (
        "ನಿಮ್ಮ ಸರ್ವರ್ ಚಾಲನೆಯಲ್ಲಿದೆ. ಸ್ನೇಹಿತರು ಇವುಗಳಲ್ಲಿ ಒಂದನ್ನು ಟೈಪ್ ಮಾಡಬೇಕು:"
    ),
    "(this machine)": "(ಈ ಯಂತ್ರ)",
    "Enter: on to the lobby · i shows this again": "Enter: ಮೊಗಸಾಲೆಗೆ · i ಇದನ್ನು ಮತ್ತೆ ತೋರಿಸುತ್ತದೆ",
    "y quit and stop the server · n stay": "y ನಿರ್ಗಮಿಸಿ, ಸರ್ವರ್ ನಿಲ್ಲಿಸಿ · n ಇಲ್ಲೇ ಇರಿ",
    # client/screens/intro.py
    "Be the first to empty your hand.": "ಎಲ್ಲರಿಗಿಂತ ಮೊದಲು ನಿಮ್ಮ ಕೈ ಖಾಲಿ ಮಾಡಿ.",
    "Play a card of the leading card's colour or symbol, or draw one card.": (
        "ಮೇಲಿನ ಕಾರ್ಡಿನ ಬಣ್ಣ ಅಥವಾ ಚಿಹ್ನೆಯ ಕಾರ್ಡ್ ಹಾಕಿ, ಇಲ್ಲವೇ ಒಂದು ಕಾರ್ಡ್ ತೆಗೆಯಿರಿ."
    ),
    "Bright cards can be played now: choose one with ←/→ or its key,": (
        "ಹೊಳೆಯುವ ಕಾರ್ಡುಗಳನ್ನು ಈಗ ಹಾಕಬಹುದು: ←/→ ಅಥವಾ ಅದರ ಕೀಯಿಂದ ಆರಿಸಿ,"
    ),
    "then press {enter}.": "ನಂತರ {enter} ಒತ್ತಿ.",
    "Stop skips the next player; +2 stacks up; TAKI lets you play": (
        "ಸ್ಟಾಪ್ ಮುಂದಿನವರ ಸರದಿ ತಪ್ಪಿಸುತ್ತದೆ, +2 ಗಳು ಕೂಡುತ್ತವೆ, TAKI ಯಿಂದ"
    ),
    "whole runs of its colour; King cancels +2 stacks and +3.": (
        "ಅದರ ಬಣ್ಣದ ಇಡೀ ಸರಣಿ ಹಾಕಬಹುದು, ರಾಜ +2 ರಾಶಿ ಅಥವಾ +3 ರದ್ದುಮಾಡುತ್ತದೆ."
    ),
    "With one card left, say last card (l) or draw 4.": (
        "ಒಂದೇ ಕಾರ್ಡ್ ಉಳಿದಾಗ “ಕೊನೆಯ ಕಾರ್ಡ್” ಎನ್ನಿ (l), ಇಲ್ಲದಿದ್ದರೆ 4 ತೆಗೆಯಬೇಕು."
    ),
    "The table tells you why a card or key is refused.": (
        "ಕಾರ್ಡ್ ಅಥವಾ ಕೀ ಏಕೆ ನಿರಾಕರಿಸಲಾಯಿತು ಎಂದು ಮೇಜು ಹೇಳುತ್ತದೆ."
    ),
    "? shows the full rules, the screen's signs and every key.": (
        "? ಎಲ್ಲ ನಿಯಮಗಳು, ಪರದೆಯ ಚಿಹ್ನೆಗಳು ಮತ್ತು ಕೀಗಳನ್ನು ತೋರಿಸುತ್ತದೆ."
    ),
    "{esc}: close the help · {keys}: scroll": "{esc}: ಸಹಾಯ ಮುಚ್ಚಿ · {keys}: ಸರಿಸಿ",
    "How to play TAKI": "TAKI ಆಡುವುದು ಹೇಗೆ",
    "{esc}: start playing (shown once)": "{esc}: ಆಟ ಆರಂಭಿಸಿ (ಒಮ್ಮೆ ಮಾತ್ರ ಕಾಣುತ್ತದೆ)",
    "{esc}: start watching (shown once)": "{esc}: ಆಟ ವೀಕ್ಷಿಸಿ (ಒಮ್ಮೆ ಮಾತ್ರ ಕಾಣುತ್ತದೆ)",
    # client/screens/lobby.py
    "stairs": "ಹಂತಗಳ ಪಂದ್ಯಾವಳಿ",
    "must play": "ಆಡುವುದು ಕಡ್ಡಾಯ",
    "places": "ಸ್ಥಾನಗಳು",
    "{time} per turn": "ಪ್ರತಿ ಸರದಿಗೆ {time}",
    "(Enter creates, Esc cancels)": "(Enter ರಚಿಸುತ್ತದೆ, Esc ರದ್ದುಮಾಡುತ್ತದೆ)",
    "New table": "ಹೊಸ ಮೇಜು",
    "Name": "ಹೆಸರು",
    "Seats (2-10)": "ಆಸನಗಳು (2-10)",
    "Stairs (8-stage tournament)": "ಹಂತಗಳ ಪಂದ್ಯಾವಳಿ (8 ಹಂತಗಳು)",
    "Must play if able (no drawing while you can play)": (
        "ಸಾಧ್ಯವಿದ್ದರೆ ಆಡುವುದು ಕಡ್ಡಾಯ (ಹಾಕಲು ಸಾಧ್ಯವಿರುವಾಗ ತೆಗೆಯುವಂತಿಲ್ಲ)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "ಸ್ಥಾನಗಳಿಗಾಗಿ ಆಟ (2ನೇ, 3ನೇ ... ಸ್ಥಾನಕ್ಕಾಗಿ ಆಟ ಮುಂದುವರಿಯುತ್ತದೆ)"
    ),
    "Turn timer in seconds (0: none)": "ಸರದಿಯ ಸಮಯ ಸೆಕೆಂಡುಗಳಲ್ಲಿ (0: ಮಿತಿ ಇಲ್ಲ)",
    "+3 answer window in seconds": "+3 ಗೆ ಉತ್ತರಿಸುವ ಸಮಯ ಸೆಕೆಂಡುಗಳಲ್ಲಿ",
    "Bots' level": "ಬಾಟ್\u200cಗಳ ಮಟ್ಟ",
    "Create": "ರಚಿಸಿ",
    "Cancel": "ರದ್ದುಮಾಡಿ",
    "Seats must be between 2 and 10.": "ಆಸನಗಳು 2 ರಿಂದ 10 ರ ನಡುವೆ ಇರಬೇಕು.",
    "The +3 window must be 1 to 60 seconds.": "+3 ಗೆ ಉತ್ತರದ ಸಮಯ 1 ರಿಂದ 60 ಸೆಕೆಂಡುಗಳಿರಬೇಕು.",
    "The turn timer must be 0 or 5 to 600 seconds.": "ಸರದಿಯ ಸಮಯ 0 ಅಥವಾ 5 ರಿಂದ 600 ಸೆಕೆಂಡುಗಳಿರಬೇಕು.",
    "Give the table a name.": "ಮೇಜಿಗೆ ಒಂದು ಹೆಸರು ನೀಡಿ.",
    "Id": "ಗುರುತು",
    "Options": "ಆಯ್ಕೆಗಳು",
    "Seats": "ಆಸನಗಳು",
    "State": "ಸ್ಥಿತಿ",
    "Table": "ಮೇಜು",
    "Watching": "ವೀಕ್ಷಕರು",
    "Press q again to quit.": "ನಿರ್ಗಮಿಸಲು ಮತ್ತೆ q ಒತ್ತಿ.",
    "Lobby": "ಮೊಗಸಾಲೆ",
    "Not connected.": "ಸಂಪರ್ಕವಿಲ್ಲ.",
    "No tables to watch yet.": "ನೋಡಲು ಇನ್ನೂ ಯಾವುದೇ ಮೇಜುಗಳಿಲ್ಲ.",
    "No tables yet: press n to open one.": "ಇನ್ನೂ ಮೇಜುಗಳಿಲ್ಲ: ಒಂದನ್ನು ತೆರೆಯಲು n ಒತ್ತಿ.",
    "new table": "ಹೊಸ ಮೇಜು",
    "join": "ಸೇರಿ",
    "watch": "ನೋಡಿ",
    "finished games": "ಮುಗಿದ ಆಟಗಳು",
    "settings": "ಸೆಟ್ಟಿಂಗ್\u200cಗಳು",
    "help": "ಸಹಾಯ",
    "back": "ಹಿಂದೆ",
    "Settings saved.": "ಸೆಟ್ಟಿಂಗ್\u200cಗಳನ್ನು ಉಳಿಸಲಾಗಿದೆ.",
    # client/screens/replay.py
    "This replay does not follow the rules here; it stops.": (
        "ಈ ಆಟ ಇಲ್ಲಿ ನಿಯಮಗಳನ್ನು ಅನುಸರಿಸುವುದಿಲ್ಲ; ಮರುನೋಟ ಇಲ್ಲಿಗೆ ನಿಲ್ಲುತ್ತದೆ."
    ),
    "Replay": "ಮರುನೋಟ",
    "step {n} of {total}": "{total} ಹೆಜ್ಜೆಗಳಲ್ಲಿ {n}ನೇ ಹೆಜ್ಜೆ",
    "Leading card": "ಮೇಲಿನ ಕಾರ್ಡ್",
    "Colour": "ಬಣ್ಣ",
    "The deal.": "ಕಾರ್ಡುಗಳನ್ನು ಹಂಚಲಾಯಿತು.",
    "{name} wins!": "{name} ಗೆದ್ದರು!",
    "→ forward · ← back · {pgup}/{pgdn} ten · {home}/{end} · q close": (
        "→ ಮುಂದೆ · ← ಹಿಂದೆ · {pgup}/{pgdn} ಹತ್ತು ಹೆಜ್ಜೆ · {home}/{end} · q ಮುಚ್ಚಿ"
    ),
    # client/screens/replays.py
    "Finished games": "ಮುಗಿದ ಆಟಗಳು",
    "Enter step through the game · q back": "Enter ಆಟವನ್ನು ಹೆಜ್ಜೆ ಹೆಜ್ಜೆಯಾಗಿ ನೋಡಿ · q ಹಿಂದೆ",
    "Game": "ಆಟ",
    "Players": "ಆಟಗಾರರು",
    "Winner": "ವಿಜೇತರು",
    "Asking the server...": "ಸರ್ವರ್ ಅನ್ನು ಕೇಳಲಾಗುತ್ತಿದೆ...",
    "No finished games on this server yet.": "ಈ ಸರ್ವರ್\u200cನಲ್ಲಿ ಇನ್ನೂ ಮುಗಿದ ಆಟಗಳಿಲ್ಲ.",
    "* kept by this client for the session": "* ಈ ಸೆಷನ್\u200cಗಾಗಿ ಈ ಕ್ಲೈಂಟ್ ಇಟ್ಟುಕೊಂಡಿದೆ",
    # client/screens/settings.py
    "Settings": "ಸೆಟ್ಟಿಂಗ್\u200cಗಳು",
    "Your name": "ನಿಮ್ಮ ಹೆಸರು",
    "Your name as a spectator": "ವೀಕ್ಷಕರಾಗಿ ನಿಮ್ಮ ಹೆಸರು",
    "Bell on your turn": "ನಿಮ್ಮ ಸರದಿ ಬಂದಾಗ ಗಂಟೆ",
    "Desktop notification on your turn": "ನಿಮ್ಮ ಸರದಿ ಬಂದಾಗ ಡೆಸ್ಕ್\u200cಟಾಪ್ ಅಧಿಸೂಚನೆ",
    "Save": "ಉಳಿಸಿ",
    # client/screens/start.py
    "Play now": "ಈಗ ಆಡಿ",
    "Host a game for the LAN": "ಸ್ಥಳೀಯ ನೆಟ್\u200cವರ್ಕ್\u200cಗಾಗಿ ಆಟ ಆಯೋಜಿಸಿ",
    "Join": "ಸೇರಿ",
    "p play now · h host · j join · ? help · q quit": (
        "p ಈಗ ಆಡಿ · h ಆಯೋಜಿಸಿ · j ಸೇರಿ · ? ಸಹಾಯ · q ನಿರ್ಗಮಿಸಿ"
    ),
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "ಆಟಗಳನ್ನು ಹುಡುಕುತ್ತಿಲ್ಲ (TAKI_DISCOVERY=off): ವಿಳಾಸದಿಂದ ಸೇರಿ."
    ),
    "Cannot look for games on this network: join by address.": (
        "ಈ ನೆಟ್\u200cವರ್ಕ್\u200cನಲ್ಲಿ ಆಟಗಳನ್ನು ಹುಡುಕಲಾಗುವುದಿಲ್ಲ: ವಿಳಾಸದಿಂದ ಸೇರಿ."
    ),
    "Games on your network (g):": "ನಿಮ್ಮ ನೆಟ್\u200cವರ್ಕ್\u200cನಲ್ಲಿರುವ ಆಟಗಳು (g):",
    "No games found on this network (r looks again).": (
        "ಈ ನೆಟ್\u200cವರ್ಕ್\u200cನಲ್ಲಿ ಯಾವುದೇ ಆಟಗಳು ಸಿಗಲಿಲ್ಲ (r ಮತ್ತೆ ಹುಡುಕುತ್ತದೆ)."
    ),
    "Looking for games on your network...": (
        "ನಿಮ್ಮ ನೆಟ್\u200cವರ್ಕ್\u200cನಲ್ಲಿ ಆಟಗಳನ್ನು ಹುಡುಕಲಾಗುತ್ತಿದೆ..."
    ),
    "open tables: {count}": "ತೆರೆದ ಮೇಜುಗಳು: {count}",
    "another version of taki": "taki ಯ ಬೇರೆ ಆವೃತ್ತಿ",
    "Joining {address}...": "{address} ಗೆ ಸೇರಲಾಗುತ್ತಿದೆ...",
    "Bots: {level} (l changes)": "ಬಾಟ್\u200cಗಳ ಮಟ್ಟ: {level} (l ಬದಲಿಸುತ್ತದೆ)",
    "Starting a table with three bots...": "ಮೂರು ಬಾಟ್\u200cಗಳೊಂದಿಗೆ ಮೇಜು ಸಿದ್ಧವಾಗುತ್ತಿದೆ...",
    "Starting a server for your LAN...": (
        "ನಿಮ್ಮ ಸ್ಥಳೀಯ ನೆಟ್\u200cವರ್ಕ್\u200cಗಾಗಿ ಸರ್ವರ್ ಆರಂಭವಾಗುತ್ತಿದೆ..."
    ),
    # client/screens/table.py
    "Name the new colour:": "ಹೊಸ ಬಣ್ಣವನ್ನು ಆರಿಸಿ:",
    "Esc: cancel": "Esc: ರದ್ದುಮಾಡಿ",
    "name the colour": "ಬಣ್ಣವನ್ನು ಹೆಸರಿಸಿ",
    "cancel": "ರದ್ದುಮಾಡಿ",
    "t: chat": "t: ಚಾಟ್",
    "(watching)": "(ವೀಕ್ಷಿಸುತ್ತಿದ್ದೀರಿ)",
    "(spectator)": "(ವೀಕ್ಷಕ)",
    "(free seat)": "(ಖಾಲಿ ಆಸನ)",
    "you": "ನೀವು",
    "bot": "ಬಾಟ್",
    "disconnected": "ಸಂಪರ್ಕ ಕಡಿದಿದೆ",
    "stage {n}": "ಹಂತ {n}",
    "LAST CARD!": "ಕೊನೆಯ ಕಾರ್ಡ್!",
    "Draw pile: {n}": "ತೆಗೆಯುವ ರಾಶಿ: {n}",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "ನೀವು ಈ ಮೇಜಿನ ಆತಿಥೇಯರು: a ಬಾಟ್ ಸೇರಿಸಿ, x ಬಾಟ್ ತೆಗೆಯಿರಿ, s ಆರಂಭಿಸಿ."
    ),
    "Waiting for the host to start the game.": "ಆತಿಥೇಯರು ಆಟ ಆರಂಭಿಸುವುದಕ್ಕಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ.",
    "Waiting for the players to come back.": "ಆಟಗಾರರು ಮರಳಿ ಬರುವುದಕ್ಕಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ.",
    "Game over.": "ಆಟ ಮುಗಿಯಿತು.",
    "The host (★) can start a rematch.": "ಆತಿಥೇಯರು (★) ಮರುಪಂದ್ಯ ಆರಂಭಿಸಬಹುದು.",
    "+3 from {name}": "{name} ಹಾಕಿದ +3",
    "open {taki}": "ತೆರೆದ {taki}",
    "red TAKI run": "ಕೆಂಪು TAKI ಸರಣಿ",
    "green TAKI run": "ಹಸಿರು TAKI ಸರಣಿ",
    "blue TAKI run": "ನೀಲಿ TAKI ಸರಣಿ",
    "yellow TAKI run": "ಹಳದಿ TAKI ಸರಣಿ",
    "Plus: play one more card or draw": "ಪ್ಲಸ್: ಇನ್ನೊಂದು ಕಾರ್ಡ್ ಹಾಕಿ ಅಥವಾ ತೆಗೆಯಿರಿ",
    "King: play any card or end the turn (e)": "ರಾಜ: ಯಾವುದೇ ಕಾರ್ಡ್ ಹಾಕಿ ಅಥವಾ ಸರದಿ ಮುಗಿಸಿ (e)",
    "Answer the +3!": "+3 ಗೆ ಉತ್ತರಿಸಿ!",
    "Your move!": "ನಿಮ್ಮ ಸರದಿ!",
    "Your turn": "ನಿಮ್ಮ ಸರದಿ",
    "Waiting for {name}": "{name} ಅವರ ಸರದಿ",
    "send": "ಕಳುಹಿಸಿ",
    "back to the game": "ಆಟಕ್ಕೆ ಹಿಂತಿರುಗಿ",
    "draw": "ತೆಗೆಯಿರಿ",
    "close TAKI": "TAKI ಮುಚ್ಚಿ",
    "end turn": "ಸರದಿ ಮುಗಿಸಿ",
    "last card": "ಕೊನೆಯ ಕಾರ್ಡ್",
    "break +3": "+3 ಮುರಿಯಿರಿ",
    "pass": "ಪಾಸ್",
    "add bot": "ಬಾಟ್ ಸೇರಿಸಿ",
    "remove bot": "ಬಾಟ್ ತೆಗೆಯಿರಿ",
    "start": "ಆರಂಭಿಸಿ",
    "give the seat back to {name}": "ಆಸನವನ್ನು {name} ಅವರಿಗೆ ಹಿಂತಿರುಗಿಸಿ",
    "rematch": "ಮರುಪಂದ್ಯ",
    "replay": "ಮರುನೋಟ",
    "choose": "ಆರಿಸಿ",
    "play": "ಹಾಕಿ",
    "chat": "ಚಾಟ್",
    "leave": "ಹೊರಡಿ",
    "Hand: as dealt": "ಕೈ: ಹಂಚಿದಂತೆ",
    "Hand: sorted by colour": "ಕೈ: ಬಣ್ಣದ ಪ್ರಕಾರ",
    "Only the host ({name}) can do that.": "ಆತಿಥೇಯರು ({name}) ಮಾತ್ರ ಇದನ್ನು ಮಾಡಬಹುದು.",
    "Only after the game: r starts a rematch.": "ಆಟ ಮುಗಿದ ಮೇಲೆ ಮಾತ್ರ: r ಮರುಪಂದ್ಯ ಆರಂಭಿಸುತ್ತದೆ.",
    "Only before the game starts.": "ಆಟ ಆರಂಭವಾಗುವ ಮೊದಲು ಮಾತ್ರ.",
    "The replay opens when the game is over.": "ಆಟ ಮುಗಿದಾಗ ಮರುನೋಟ ತೆರೆಯುತ್ತದೆ.",
    "Press q again to leave the game (a bot will take your seat).": (
        "ಆಟ ಬಿಡಲು ಮತ್ತೆ q ಒತ್ತಿ: ನಿಮ್ಮ ಆಸನವನ್ನು ಬಾಟ್ ವಹಿಸಿಕೊಳ್ಳುತ್ತದೆ."
    ),
    # client/nudge.py
    "Your turn at {table}.": "ನಿಮ್ಮ ಸರದಿ: {table}.",
    # client/session.py
    "Connection": "ಸಂಪರ್ಕ",
    "Not connected: retrying...": "ಸಂಪರ್ಕವಿಲ್ಲ: ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಲಾಗುತ್ತಿದೆ...",
    "Not connected: you will leave {table} when the server is back.": (
        "ಸಂಪರ್ಕವಿಲ್ಲ: ಸರ್ವರ್ ಮತ್ತೆ ಬಂದಾಗ ನೀವು {table} ಬಿಡುತ್ತೀರಿ."
    ),
    "The server is back.": "ಸರ್ವರ್ ಮತ್ತೆ ಬಂದಿದೆ.",
    "Your seat is in another window: ctrl+r takes it back": (
        "ನಿಮ್ಮ ಆಸನ ಇನ್ನೊಂದು ಕಿಟಕಿಯಲ್ಲಿದೆ: ctrl+r ಮರಳಿ ಪಡೆಯುತ್ತದೆ"
    ),
    "Your seat is now played from another window. Press ctrl+r to take it back here.": (
        'ನಿಮ್ಮ ಆಸನದಲ್ಲಿ ಈಗ ಇನ್ನೊಂದು ಕಿಟಕಿಯಿಂದ ಆಡಲಾಗುತ್ತಿದೆ. ಅದನ್ನು ಇಲ್ಲಿ ಮರಳಿ ಪಡೆಯಲು ctrl+r ಒತ್ತಿ.'
    ),
    "Taking your seat back...": (
        'ನಿಮ್ಮ ಆಸನವನ್ನು ಮರಳಿ ಪಡೆಯಲಾಗುತ್ತಿದೆ...'
    ),
    "Your seat is played in another window.": "ನಿಮ್ಮ ಆಸನವನ್ನು ಇನ್ನೊಂದು ಕಿಟಕಿಯಲ್ಲಿ ಆಡಲಾಗುತ್ತಿದೆ.",
    "take your seat back": "ಆಸನವನ್ನು ಮರಳಿ ಪಡೆಯಿರಿ",
    "quit": "ನಿರ್ಗಮಿಸಿ",
    "Your seat is gone: the table closed or a bot took it.": (
        "ನಿಮ್ಮ ಆಸನ ಇನ್ನಿಲ್ಲ: ಮೇಜು ಮುಚ್ಚಿದೆ ಅಥವಾ ಅದನ್ನು ಬಾಟ್ ವಹಿಸಿಕೊಂಡಿದೆ."
    ),
    "The server was stopped: waiting for it...": "ಸರ್ವರ್ ನಿಂತಿದೆ: ಅದಕ್ಕಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ...",
    "Connection lost: reconnecting...": "ಸಂಪರ್ಕ ಕಡಿದುಹೋಯಿತು: ಮರುಸಂಪರ್ಕಿಸಲಾಗುತ್ತಿದೆ...",
    "Connected again.": "ಸಂಪರ್ಕ ಮರಳಿ ಬಂದಿದೆ.",
    "New game: you start.": "ಹೊಸ ಆಟ: ನೀವು ಆರಂಭಿಸುತ್ತೀರಿ.",
    "New game: {name} starts.": "ಹೊಸ ಆಟ: {name} ಆರಂಭಿಸುತ್ತಾರೆ.",
    "Moves are saved again: the table goes on.": "ನಡೆಗಳು ಮತ್ತೆ ಉಳಿಯುತ್ತಿವೆ: ಆಟ ಮುಂದುವರಿಯುತ್ತದೆ.",
    "The server cannot save moves right now: the table waits until it can.": (
        "ಸರ್ವರ್ ಈಗ ನಡೆಗಳನ್ನು ಉಳಿಸಲಾಗುತ್ತಿಲ್ಲ: ಉಳಿಸುವವರೆಗೆ ಮೇಜು ಕಾಯುತ್ತದೆ."
    ),
    "The server was stopped.": "ಸರ್ವರ್ ನಿಂತಿದೆ.",
    # client/state.py
    "{name} sat down": "{name} ಮೇಜಿಗೆ ಸೇರಿದರು",
    "{name} left": "{name} ಮೇಜು ಬಿಟ್ಟರು",
    "A bot now plays for {name}": "ಈಗ {name} ಅವರ ಪರವಾಗಿ ಬಾಟ್ ಆಡುತ್ತದೆ",
    "{name} left; a bot plays the seat": "{name} ಮೇಜು ಬಿಟ್ಟರು: ಅವರ ಆಸನದಲ್ಲಿ ಬಾಟ್ ಆಡುತ್ತದೆ",
    "{name} took their seat back": "{name} ತಮ್ಮ ಆಸನವನ್ನು ಮರಳಿ ಪಡೆದರು",
    "A bot stands in for {name}": "{name} ಅವರ ಬದಲಿಗೆ ಬಾಟ್ ಆಡುತ್ತಿದೆ",
    "{name} lost the connection": "{name} ಅವರ ಸಂಪರ್ಕ ಕಡಿದುಹೋಯಿತು",
    "{name} is back": "{name} ಮರಳಿ ಬಂದರು",
    # client/widgets/cards.py
    "STOP": "ಸ್ಟಾಪ್",
    "PLUS": "ಪ್ಲಸ್",
    "COLOUR": "ಬಣ್ಣ",
    "SUPER": "ಸೂಪರ್",
    "KING": "ರಾಜ",
    "BREAK": "ಮುರಿ",
    "short|STOP": "ಸ್ಟಾಪ್",
    "short|PLUS": "ಪ್ಲಸ್",
    "short|COL": "ಬಣ್ಣ",
    "short|SUP": "ಸೂಪರ್",
    "short|KING": "ರಾಜ",
    "short|BRK": "ಮುರಿ",
    "B": "ನೀ",
    "G": "ಹಸಿ",
    "R": "ಕೆಂ",
    "Y": "ಹಳ",
    "keys|rgby": "1234",
    "{n} more": "ಇನ್ನೂ {n}",
    # client/words.py
    "red": "ಕೆಂಪು",
    "green": "ಹಸಿರು",
    "blue": "ನೀಲಿ",
    "yellow": "ಹಳದಿ",
    "Stop": "ಸ್ಟಾಪ್",
    "Change Direction": "ದಿಕ್ಕು ಬದಲಾವಣೆ",
    "Plus": "ಪ್ಲಸ್",
    "Change Colour": "ಬಣ್ಣ ಬದಲಾವಣೆ",
    "Super TAKI": "ಸೂಪರ್ TAKI",
    "King": "ರಾಜ",
    "+3 Breaker": "+3 ಬ್ರೇಕರ್",
    "red +2": "ಕೆಂಪು +2",
    "red Stop": "ಕೆಂಪು ಸ್ಟಾಪ್",
    "red {number}": "ಕೆಂಪು {number}",
    "red Change Direction": "ಕೆಂಪು ದಿಕ್ಕು ಬದಲಾವಣೆ",
    "red Plus": "ಕೆಂಪು ಪ್ಲಸ್",
    "red TAKI": "ಕೆಂಪು TAKI",
    "green +2": "ಹಸಿರು +2",
    "green Stop": "ಹಸಿರು ಸ್ಟಾಪ್",
    "green {number}": "ಹಸಿರು {number}",
    "green Change Direction": "ಹಸಿರು ದಿಕ್ಕು ಬದಲಾವಣೆ",
    "green Plus": "ಹಸಿರು ಪ್ಲಸ್",
    "green TAKI": "ಹಸಿರು TAKI",
    "blue +2": "ನೀಲಿ +2",
    "blue Stop": "ನೀಲಿ ಸ್ಟಾಪ್",
    "blue {number}": "ನೀಲಿ {number}",
    "blue Change Direction": "ನೀಲಿ ದಿಕ್ಕು ಬದಲಾವಣೆ",
    "blue Plus": "ನೀಲಿ ಪ್ಲಸ್",
    "blue TAKI": "ನೀಲಿ TAKI",
    "yellow +2": "ಹಳದಿ +2",
    "yellow Stop": "ಹಳದಿ ಸ್ಟಾಪ್",
    "yellow {number}": "ಹಳದಿ {number}",
    "yellow Change Direction": "ಹಳದಿ ದಿಕ್ಕು ಬದಲಾವಣೆ",
    "yellow Plus": "ಹಳದಿ ಪ್ಲಸ್",
    "yellow TAKI": "ಹಳದಿ TAKI",
    "{n}s": "{n} ಸೆ",
    "(+2 stack)": "(+2 ರಾಶಿ)",
    "(owed after a Plus)": "(ಪ್ಲಸ್ ನಂತರ ಬಾಕಿ)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(ಅವರ +3 ಅನ್ನು ಮುರಿಯಲಾಯಿತು)",
    "(+3 Breaker penalty)": "(+3 ಬ್ರೇಕರ್ ದಂಡ)",
    "(did not declare last card)": "(“ಕೊನೆಯ ಕಾರ್ಡ್” ಎನ್ನಲಿಲ್ಲ)",
    "(next stage)": "(ಮುಂದಿನ ಹಂತ)",
    "You played {card}": "ನೀವು ಹಾಕಿದ್ದು: {card}",
    "{who} played {card}": "{who} ಹಾಕಿದ್ದು: {card}",
    "colour is now {color}": "ಈಗ ಬಣ್ಣ {color}",
    "{drew}: {cards}": "{drew}: {cards}",
    "Time ran out: you let the +3 through": "ಸಮಯ ಮುಗಿಯಿತು: ನೀವು +3 ಗೆ ಉತ್ತರಿಸಲಿಲ್ಲ",
    "Time ran out: {who} let the +3 through": "ಸಮಯ ಮುಗಿಯಿತು: {who} +3 ಗೆ ಉತ್ತರಿಸಲಿಲ್ಲ",
    "You closed the TAKI": "ನೀವು TAKI ಮುಚ್ಚಿದಿರಿ",
    "You left the TAKI open": "ನೀವು TAKI ತೆರೆದೇ ಬಿಟ್ಟಿರಿ",
    "You ended the turn": "ನೀವು ಸರದಿ ಮುಗಿಸಿದಿರಿ",
    "You let the +3 through": "ನೀವು +3 ಅನ್ನು ಬಿಟ್ಟಿರಿ",
    "You broke the +3!": "ನೀವು +3 ಅನ್ನು ಮುರಿದಿರಿ!",
    "Your turn is skipped": "ನಿಮ್ಮ ಸರದಿ ತಪ್ಪಿತು",
    "You cleared a stage: now stage {n}": "ನೀವು ಒಂದು ಹಂತ ದಾಟಿದಿರಿ: ಈಗ ಹಂತ {n}",
    "You cancelled the +{n} stack with a King": "ನೀವು ರಾಜನಿಂದ +{n} ರಾಶಿಯನ್ನು ರದ್ದುಗೊಳಿಸಿದಿರಿ",
    "You cancelled the +3 with a King": "ನೀವು ರಾಜನಿಂದ +3 ಅನ್ನು ರದ್ದುಗೊಳಿಸಿದಿರಿ",
    "You win!": "ನೀವು ಗೆದ್ದಿರಿ!",
    "You finish in place {n}": "ನೀವು {n}ನೇ ಸ್ಥಾನ ಪಡೆದಿರಿ",
    "{who} closed the TAKI": "{who} TAKI ಮುಚ್ಚಿದರು",
    "{who} left the TAKI open": "{who} TAKI ತೆರೆದೇ ಬಿಟ್ಟರು",
    "{who} ended the turn": "{who} ಸರದಿ ಮುಗಿಸಿದರು",
    "{who} let the +3 through": "{who} +3 ಅನ್ನು ಬಿಟ್ಟರು",
    "{who} broke the +3!": "{who} +3 ಅನ್ನು ಮುರಿದರು!",
    "{who}: turn skipped": "{who}: ಸರದಿ ತಪ್ಪಿತು",
    "{who} cleared a stage: now stage {n}": "{who} ಒಂದು ಹಂತ ದಾಟಿದರು: ಈಗ ಹಂತ {n}",
    "Direction reversed": "ದಿಕ್ಕು ಬದಲಾಯಿತು",
    "Discard pile shuffled into a new draw pile": "ಹಾಕಿದ ಕಾರ್ಡುಗಳ ರಾಶಿಯಿಂದ ಹೊಸ ತೆಗೆಯುವ ರಾಶಿ",
    "{who} cancelled the +{n} stack with a King": "{who} ರಾಜನಿಂದ +{n} ರಾಶಿಯನ್ನು ರದ್ದುಗೊಳಿಸಿದರು",
    "{who} cancelled the +3 with a King": "{who} ರಾಜನಿಂದ +3 ಅನ್ನು ರದ್ದುಗೊಳಿಸಿದರು",
    "{who} wins!": "{who} ಗೆದ್ದರು!",
    "{who} finishes in place {n}": "{who} {n}ನೇ ಸ್ಥಾನ ಪಡೆದರು",
    "A bot": "ಬಾಟ್",
    "{line} for you": "ನಿಮ್ಮ ಪರವಾಗಿ: {line}",
    "{line} (a bot stands in)": "{line} (ಬದಲಿ ಬಾಟ್)",
    "No game is being played here yet.": "ಇಲ್ಲಿ ಇನ್ನೂ ಆಟ ನಡೆಯುತ್ತಿಲ್ಲ.",
    "The game is over.": "ಆಟ ಮುಗಿದಿದೆ.",
    "You are watching: spectators do not play.": "ನೀವು ನೋಡುತ್ತಿದ್ದೀರಿ: ವೀಕ್ಷಕರು ಆಡುವುದಿಲ್ಲ.",
    "You have finished: the others play on.": "ನೀವು ಮುಗಿಸಿದ್ದೀರಿ: ಉಳಿದವರು ಆಟ ಮುಂದುವರಿಸುತ್ತಾರೆ.",
    "Not your turn: waiting for {name}.": "ನಿಮ್ಮ ಸರದಿ ಅಲ್ಲ: ಈಗ {name} ಅವರ ಸರದಿ.",
    "You do not hold that card.": "ಆ ಕಾರ್ಡ್ ನಿಮ್ಮ ಬಳಿ ಇಲ್ಲ.",
    "Match {color} or {symbol}, or play a colourless card.": (
        "{color} ಬಣ್ಣ ಅಥವಾ {symbol} ಹಾಕಿ, ಇಲ್ಲವೇ ಬಣ್ಣವಿಲ್ಲದ ಕಾರ್ಡ್ ಹಾಕಿ."
    ),
    "A +2 stack is live: add a +2, play a King, or draw {n} (d).": (
        "+2 ರಾಶಿ ಚಾಲ್ತಿಯಲ್ಲಿದೆ: +2 ಸೇರಿಸಿ, ರಾಜ ಹಾಕಿ, ಇಲ್ಲವೇ {n} ತೆಗೆಯಿರಿ (d)."
    ),
    "Inside your TAKI run: only {color}, Super TAKI or Change Colour.": (
        "ನಿಮ್ಮ TAKI ಸರಣಿಯಲ್ಲಿ: {color} ಬಣ್ಣ, ಸೂಪರ್ TAKI ಅಥವಾ ಬಣ್ಣ ಬದಲಾವಣೆ ಮಾತ್ರ."
    ),
    "A +3 is pending: only a King answers it on your turn, or pass (p).": (
        "+3 ಬಾಕಿ ಇದೆ: ನಿಮ್ಮ ಸರದಿಯಲ್ಲಿ ರಾಜ ಮಾತ್ರ ಉತ್ತರ, ಇಲ್ಲವೇ ಪಾಸ್ (p)."
    ),
    "A +3 is pending: break (b), pass (p) or King (K).": (
        "+3 ಬಾಕಿ ಇದೆ: ಮುರಿಯಿರಿ (b), ಬಿಡಿ (p) ಅಥವಾ ರಾಜ (K)."
    ),
    "A +3 is pending: pass (p) or cancel it with a King (K).": (
        "+3 ಬಾಕಿ ಇದೆ: ಬಿಡಿ (p) ಅಥವಾ ರಾಜನಿಂದ ರದ್ದುಮಾಡಿ (K)."
    ),
    "A +3 is pending: let it through (p).": "+3 ಬಾಕಿ ಇದೆ: ಬಿಡಿ (p).",
    "A +3 is pending: break it (b) or let it through (p).": (
        "+3 ಬಾಕಿ ಇದೆ: ಮುರಿಯಿರಿ (b) ಅಥವಾ ಬಿಡಿ (p)."
    ),
    "There is no +3 to answer.": "ಉತ್ತರಿಸಲು ಯಾವ +3 ಕೂಡ ಇಲ್ಲ.",
    "Nobody answers their own +3.": "ತಮ್ಮದೇ +3 ಗೆ ಯಾರೂ ಉತ್ತರಿಸುವುದಿಲ್ಲ.",
    "You already let this +3 through.": "ಈ +3 ಅನ್ನು ನೀವು ಈಗಾಗಲೇ ಬಿಟ್ಟಿದ್ದೀರಿ.",
    "You hold no +3 Breaker.": "ನಿಮ್ಮ ಬಳಿ +3 ಬ್ರೇಕರ್ ಇಲ್ಲ.",
    "Nothing to close: you have no TAKI run.": "ಮುಚ್ಚಲು ಏನೂ ಇಲ್ಲ: ನಿಮ್ಮ TAKI ಸರಣಿ ಇಲ್ಲ.",
    "A TAKI alone cannot be closed: play a card on it first.": (
        "ಒಂಟಿ TAKI ಮುಚ್ಚಲಾಗದು: ಮೊದಲು ಅದರ ಮೇಲೆ ಒಂದು ಕಾರ್ಡ್ ಹಾಕಿ."
    ),
    "No drawing inside your TAKI run: play, close (c) or end it (e).": (
        "TAKI ಸರಣಿಯಲ್ಲಿ ತೆಗೆಯುವಂತಿಲ್ಲ: ಹಾಕಿ, ಮುಚ್ಚಿ (c) ಅಥವಾ ನಿಲ್ಲಿಸಿ (e)."
    ),
    "After a King: play any card or end the turn (e).": (
        "ರಾಜನ ನಂತರ: ಯಾವುದೇ ಕಾರ್ಡ್ ಹಾಕಿ ಅಥವಾ ಸರದಿ ಮುಗಿಸಿ (e)."
    ),
    "This table says must play: you hold a card you can play.": (
        "ಈ ಮೇಜಿನಲ್ಲಿ ಆಡುವುದು ಕಡ್ಡಾಯ: ಹಾಕಬಹುದಾದ ಕಾರ್ಡ್ ನಿಮ್ಮ ಬಳಿ ಇದೆ."
    ),
    "A Plus needs one more card: match {color} or {symbol}, or draw (d).": (
        "ಪ್ಲಸ್\u200cನ ನಂತರ ಇನ್ನೊಂದು ಕಾರ್ಡ್ ಬೇಕು: {color} ಬಣ್ಣ ಅಥವಾ {symbol}, ಇಲ್ಲವೇ ತೆಗೆಯಿರಿ (d)."
    ),
    "A Plus needs one more card, or draw (d).": (
        "ಪ್ಲಸ್\u200cನ ನಂತರ ಇನ್ನೊಂದು ಕಾರ್ಡ್ ಬೇಕು, ಇಲ್ಲವೇ ತೆಗೆಯಿರಿ (d)."
    ),
    "Nothing to end: e ends a King's turn or leaves a TAKI open.": (
        "ಮುಗಿಸಲು ಏನೂ ಇಲ್ಲ: e ರಾಜನ ನಂತರದ ಸರದಿಯನ್ನು ಮುಗಿಸುತ್ತದೆ ಅಥವಾ TAKI ತೆರೆದಿಡುತ್ತದೆ."
    ),
    "You already declared last card this turn.": (
        "ಈ ಸರದಿಯಲ್ಲಿ ನೀವು ಈಗಾಗಲೇ “ಕೊನೆಯ ಕಾರ್ಡ್” ಎಂದು ಘೋಷಿಸಿದ್ದೀರಿ."
    ),
    "Not allowed now.": "ಈಗ ಅನುಮತಿ ಇಲ್ಲ.",
    # protocol TABLE_STATES (shown through _(info.state))
    "waiting": "ಕಾಯುತ್ತಿದೆ",
    "playing": "ಆಟ ನಡೆಯುತ್ತಿದೆ",
    "over": "ಮುಗಿದಿದೆ",
    # ssh guests (server/ssh/)
    'You play as {name}': 'ನೀವು {name} ಆಗಿ ಆಡುತ್ತಿದ್ದೀರಿ',
    'Your ssh user name cannot be a name here: you play as {name}.': (
        'ನಿಮ್ಮ ssh ಬಳಕೆದಾರ ಹೆಸರು ಇಲ್ಲಿ ಹೆಸರಾಗಲು ಸಾಧ್ಯವಿಲ್ಲ: '
        'ನೀವು {name} ಆಗಿ ಆಡುತ್ತೀರಿ.'
    ),
    'A guest plays on this server only.': 'ಅತಿಥಿ ಈ ಸರ್ವರ್\u200cನಲ್ಲಿ ಮಾತ್ರ ಆಡುತ್ತಾರೆ.',
    # client/standings.py, client/screens/standings.py (the standings of the evening)
    'No game has finished at this table yet.': 'ಈ ಮೇಜಿನಲ್ಲಿ ಇನ್ನೂ ಯಾವ ಆಟವೂ ಮುಗಿದಿಲ್ಲ.',
    'Places from first to last: {counts}.': 'ಮೊದಲಿನಿಂದ ಕೊನೆಯವರೆಗಿನ ಸ್ಥಾನಗಳು: {counts}.',
    'Best stage: {stage}.': 'ಅತ್ಯುತ್ತಮ ಹಂತ: {stage}.',
    'Head to head, in games finished ahead of the other:': (
        'ಮುಖಾಮುಖಿ, ಇನ್ನೊಬ್ಬರಿಗಿಂತ ಮುಂದೆ ಮುಗಿಸಿದ ಆಟಗಳು:'
    ),
    'Esc: close': 'Esc: ಮುಚ್ಚಿ',
    'standings': 'ಶ್ರೇಯಾಂಕ',
    # client/hint_words.py, client/screens/table.py, client/screens/lobby.py (hints)
    "Hint: {action} — {reason}": "ಸುಳಿವು: {action} — {reason}",
    "Hint: {action}": "ಸುಳಿವು: {action}",
    "play {card}": "{card} ಆಡಿ",
    "play {card} and name {color}": "{card} ಆಡಿ, ಬಣ್ಣ: {color}",
    "close the TAKI": "TAKI ಮುಚ್ಚಿ",
    "end the turn": "ಸರದಿ ಮುಗಿಸಿ",
    "say last card": "“ಕೊನೆಯ ಕಾರ್ಡ್” ಎನ್ನಿ",
    "break the +3": "+3 ಮುರಿಯಿರಿ",
    "let the +3 through": "+3 ಹಾದುಹೋಗಲು ಬಿಡಿ",
    "you have no card to play": "ಆಡಬಹುದಾದ ಕಾರ್ಡ್ ನಿಮ್ಮ ಬಳಿ ಇಲ್ಲ",
    "it is your only move": "ಇದೊಂದೇ ನಿಮ್ಮ ಆಯ್ಕೆ",
    "it empties your hand": "ಇದರಿಂದ ನಿಮ್ಮ ಕೈ ಖಾಲಿಯಾಗುತ್ತದೆ",
    "the +3's player draws instead of you": "+3 ಹಾಕಿದವರು ನಿಮ್ಮ ಬದಲು ತೆಗೆಯುತ್ತಾರೆ",
    "the King cancels what you owe": "ರಾಜ ನೀವು ತೆಗೆಯಬೇಕಾದ ಕಾರ್ಡುಗಳನ್ನು ರದ್ದುಮಾಡುತ್ತದೆ",
    "the next player owes more, or must stack": "ಮುಂದಿನ ಆಟಗಾರ ಇನ್ನಷ್ಟು ತೆಗೆಯಬೇಕು ಅಥವಾ +2 ಹಾಕಬೇಕು",
    "one card left: say last card with it": (
        "ಒಂದು ಕಾರ್ಡ್ ಉಳಿಯುತ್ತದೆ: ಅದರೊಂದಿಗೆ “ಕೊನೆಯ ಕಾರ್ಡ್” ಎನ್ನಿ"
    ),
    "{name} is close to winning": "{name} ಗೆಲುವಿನ ಹತ್ತಿರ ಇದ್ದಾರೆ",
    "a run gets rid of several cards at once": "ಸರಣಿಯಿಂದ ಒಮ್ಮೆಗೇ ಹಲವು ಕಾರ್ಡುಗಳನ್ನು ಇಳಿಸಬಹುದು",
    "you hold most cards of that colour": "ಆ ಬಣ್ಣದ ಕಾರ್ಡುಗಳೇ ನಿಮ್ಮ ಬಳಿ ಹೆಚ್ಚು",
    "keeps your +2 for a stack": "ನಿಮ್ಮ +2 ಅನ್ನು ಮುಂದೆ ಪೇರಿಸಲು ಉಳಿಸುತ್ತದೆ",
    "it did best when the bot played the game on": (
        "ಬಾಟ್ ಆಟವನ್ನು ಮುಂದುವರಿಸಿ ನೋಡಿದಾಗ ಇದೇ ಉತ್ತಮವಾಗಿತ್ತು"
    ),
    "Hints are off at this table.": "ಈ ಮೇಜಿನಲ್ಲಿ ಸುಳಿವುಗಳು ಆಫ್ ಆಗಿವೆ.",
    "Hints are for your turn.": "ಸುಳಿವುಗಳು ನಿಮ್ಮ ಸರದಿಯಲ್ಲಿ ಮಾತ್ರ.",
    "Waiting for the server to answer your move...": (
        "ನಿಮ್ಮ ನಡೆಗೆ ಸರ್ವರ್‌ನ ಉತ್ತರಕ್ಕಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ..."
    ),
    "Looking for a hint...": "ಸುಳಿವು ಹುಡುಕಲಾಗುತ್ತಿದೆ...",
    "hint": "ಸುಳಿವು",
    "hints": "ಸುಳಿವುಗಳು",
    "Hints for learners (H shows the bot's choice)": (
        "ಕಲಿಯುವವರಿಗೆ ಸುಳಿವುಗಳು (H ಬಾಟ್ ಆಯ್ಕೆಯನ್ನು ತೋರಿಸುತ್ತದೆ)"
    ),
}

PLURALS: dict[str, dict[str, str]] = {
    'Standings of {table} after {n} game:': {
        'one': '{n} ಆಟದ ನಂತರ “{table}” ಶ್ರೇಯಾಂಕ:',
        'other': '{n} ಆಟಗಳ ನಂತರ “{table}” ಶ್ರೇಯಾಂಕ:',
    },
    '{name} won {wins} of {n} game.': {
        'one': '{name} {n} ಆಟದಲ್ಲಿ {wins} ಗೆದ್ದರು.',
        'other': '{name} {n} ಆಟಗಳಲ್ಲಿ {wins} ಗೆದ್ದರು.',
    },
    '{bot} won {wins} of {n} game.': {
        'one': '{bot} {n} ಆಟದಲ್ಲಿ {wins} ಗೆದ್ದಿತು.',
        'other': '{bot} {n} ಆಟಗಳಲ್ಲಿ {wins} ಗೆದ್ದಿತು.',
    },
    "+2 stack: {n} card to draw": {
        "one": "+2 ರಾಶಿ: ತೆಗೆಯಬೇಕಾದ {n} ಕಾರ್ಡ್",
        "other": "+2 ರಾಶಿ: ತೆಗೆಯಬೇಕಾದ {n} ಕಾರ್ಡುಗಳು",
    },
    "{n} card": {
        "one": "{n} ಕಾರ್ಡ್",
        "other": "{n} ಕಾರ್ಡುಗಳು",
    },
    "You drew {n} card": {
        "one": "ನೀವು {n} ಕಾರ್ಡನ್ನು ತೆಗೆದಿರಿ",
        "other": "ನೀವು {n} ಕಾರ್ಡುಗಳನ್ನು ತೆಗೆದಿರಿ",
    },
    "{who} drew {n} card": {
        "one": "{who} {n} ಕಾರ್ಡನ್ನು ತೆಗೆದರು",
        "other": "{who} {n} ಕಾರ್ಡುಗಳನ್ನು ತೆಗೆದರು",
    },
    "{names} let it through": {
        "one": "{names} ಅದನ್ನು ಬಿಟ್ಟರು",
        "other": "{names} ಅದನ್ನು ಬಿಟ್ಟರು",
    },
    "{count} other player is at your server. Quitting stops it for them too.": {
        "one": (
            "ನಿಮ್ಮ ಸರ್ವರ್\u200cನಲ್ಲಿ ಇನ್ನೂ {count} ಆಟಗಾರರಿದ್ದಾರೆ. ನೀವು ನಿರ್ಗಮಿಸಿದರೆ ಅವರಿಗೂ ಸರ್ವರ್ "
            "ನಿಲ್ಲುತ್ತದೆ."
        ),
        "other": (
            "ನಿಮ್ಮ ಸರ್ವರ್\u200cನಲ್ಲಿ ಇನ್ನೂ {count} ಆಟಗಾರರಿದ್ದಾರೆ. ನೀವು ನಿರ್ಗಮಿಸಿದರೆ ಅವರಿಗೂ ಸರ್ವರ್ "
            "ನಿಲ್ಲುತ್ತದೆ."
        ),
    },
    "With a hint in {n} game.": {
        "one": "{n} ಆಟದಲ್ಲಿ ಸುಳಿವು ಪಡೆದಿದ್ದಾರೆ.",
        "other": "{n} ಆಟಗಳಲ್ಲಿ ಸುಳಿವು ಪಡೆದಿದ್ದಾರೆ.",
    },
}

RULES = """\
# TAKI

**ಗುರಿ**: ಎಲ್ಲರಿಗಿಂತ ಮೊದಲು ನಿಮ್ಮ ಕೈಯನ್ನು ಖಾಲಿ ಮಾಡುವುದು. ಮೇಲಿನ ಕಾರ್ಡಿನ **ಬಣ್ಣ** ಅಥವಾ
**ಚಿಹ್ನೆ** ಹೊಂದುವ ಕಾರ್ಡ್ ಅಥವಾ ಬಣ್ಣವಿಲ್ಲದ ಕಾರ್ಡ್ ಹಾಕಿ; ಇಲ್ಲವೇ ಒಂದು ಕಾರ್ಡ್ ತೆಗೆಯಿರಿ
(ನಿಮ್ಮ ಸರದಿ ಮುಗಿಯುತ್ತದೆ).

**ಕೊನೆಯ ಕಾರ್ಡ್**: ನಿಮ್ಮ ಸರದಿ ಒಂದೇ ಕಾರ್ಡಿನೊಂದಿಗೆ ಮುಗಿದರೆ, ಅದೇ ಸರದಿಯಲ್ಲಿ ನೀವು
*ಕೊನೆಯ ಕಾರ್ಡ್* ಎಂದು ಹೇಳಿರಬೇಕು (ಕೀ **l**); ಇಲ್ಲದಿದ್ದರೆ ನೀವು 4 ಕಾರ್ಡುಗಳನ್ನು ತೆಗೆಯಬೇಕು.

## ಪರದೆ
- ನಿಮ್ಮ ಕೈ, ಬಣ್ಣದ ಪ್ರಕಾರ ಜೋಡಿಸಲಾಗಿದೆ: **ಹೊಳೆಯುವ** ಕಾರ್ಡುಗಳನ್ನು ಈಗ ಹಾಕಬಹುದು, ಮಸುಕಾದವನ್ನು
  ಅಲ್ಲ. ಪ್ರತಿ ಕಾರ್ಡಿನ ಮೇಲೆ: ಅದರ ಕೀ ಮತ್ತು ಬಣ್ಣದ ಮೊದಲಕ್ಷರ (ಬಣ್ಣವಿಲ್ಲದ ಕಾರ್ಡಿಗೆ ಇಲ್ಲ).
  ಕೈ ದೊಡ್ಡದಾದರೆ ಕಾರ್ಡುಗಳು ಕಿರಿದಾಗುತ್ತವೆ, ನಂತರ ಸರಿಯುತ್ತವೆ: *‹ ಇನ್ನೂ 3* ಮತ್ತು *ಇನ್ನೂ 3 ›*
  ಕಾಣದ ಕಾರ್ಡುಗಳನ್ನು ಎಣಿಸುತ್ತವೆ; ಬಾಣದ ಕೀಗಳು (ಅಥವಾ ಚಿಹ್ನೆಯ ಮೇಲೆ ಕ್ಲಿಕ್) ಅವನ್ನು ತೋರಿಸುತ್ತವೆ.
- ▶ ಯಾರ ಸರದಿ ಎಂದು ತೋರಿಸುತ್ತದೆ, ★ ಮೇಜಿನ ಆತಿಥೇಯರನ್ನು; *ಆಟಗಾರರು* ನಂತರದ ಬಾಣ ಆಟದ
  ದಿಕ್ಕನ್ನು ತೋರಿಸುತ್ತದೆ. ಹೆಸರಿನ ಪಕ್ಕ *ಕೊನೆಯ ಕಾರ್ಡ್!*: ಆ ಆಟಗಾರರ ಬಳಿ ಒಂದೇ ಕಾರ್ಡ್ ಇದೆ
  ಮತ್ತು ಅವರು *ಕೊನೆಯ ಕಾರ್ಡ್* ಎಂದು ಘೋಷಿಸಿದ್ದಾರೆ.
- ಮೇಲಿನ ಕಾರ್ಡಿನ ಕೆಳಗಿನ ಸಾಲು ಏನು ಚಾಲ್ತಿಯಲ್ಲಿದೆ ಎಂದು ಹೇಳುತ್ತದೆ (+2 ರಾಶಿ, +3 ಮತ್ತು ಉಳಿದ
  ಸೆಕೆಂಡುಗಳು, TAKI ಸರಣಿ); ಕೀ ಅಥವಾ ಕಾರ್ಡ್ ನಿರಾಕರಿಸಿದಾಗ ಏಕೆ ಎಂದೂ ಹೇಳುತ್ತದೆ.
- ಮೇಲಿನ ಕಾರ್ಡಿನ ಜಾಗದಲ್ಲಿ *ಆಟ ಮುಗಿಯಿತು*: ಆಟ ಮುಗಿದಿದೆ; ಉಳಿದಿರುವ ಪ್ರತಿ ಕೈಯನ್ನೂ
  ಅದರ ಆಟಗಾರರ ಹೆಸರಿನ ಪಕ್ಕ ತೋರಿಸಲಾಗುತ್ತದೆ (ಮರುನೋಟದಲ್ಲೂ): ಯಾರ ಬಳಿ ಏನಿತ್ತು ಎಂದು
  ನೋಡುತ್ತೀರಿ. ಆಟ ಮುಗಿಯುವ ಮೊದಲು ಎಂದಿಗೂ ಇಲ್ಲ.

## ಕಾರ್ಡ್ ಕಟ್ಟು ಮತ್ತು ಹಂಚಿಕೆ
- ನಾಲ್ಕು ಬಣ್ಣಗಳಲ್ಲಿ 116 ಕಾರ್ಡುಗಳು (ಕೆಂಪು, ಹಸಿರು, ನೀಲಿ, ಹಳದಿ): ಪ್ರತಿ ಬಣ್ಣದಲ್ಲಿ 1, 3 ರಿಂದ 9
  ರವರೆಗಿನ ಪ್ರತಿ ಸಂಖ್ಯೆಯ ಎರಡು (ಸಾದಾ 2 ಇಲ್ಲ: +2 ಒಂದೇ 2), ಮತ್ತು ಸ್ಟಾಪ್, +2, ದಿಕ್ಕು ಬದಲಾವಣೆ,
  ಪ್ಲಸ್, TAKI ತಲಾ ಎರಡು.
- ಬಣ್ಣವಿಲ್ಲದವು: ಬಣ್ಣ ಬದಲಾವಣೆ (4), ಸೂಪರ್ TAKI, ರಾಜ, +3, +3 ಬ್ರೇಕರ್ (ತಲಾ 2). ಇವು ಯಾವ
  ಬಣ್ಣದ ಮೇಲಾದರೂ ಬೀಳುತ್ತವೆ (ತಮ್ಮ ನಿಯಮದಂತೆ) ಮತ್ತು ಬಣ್ಣವನ್ನು ಬದಲಿಸುವುದಿಲ್ಲ; ಬಣ್ಣ ಬದಲಾವಣೆ
  ಮಾತ್ರ ಹೊಸ ಬಣ್ಣ ಹೇಳುತ್ತದೆ.
- ಪ್ರತಿಯೊಬ್ಬರಿಗೆ 8 ಕಾರ್ಡುಗಳು; ಮುಂದಿನ ಕಾರ್ಡ್ ಮೇಲಿನ ಕಾರ್ಡ್ ಆಗುತ್ತದೆ. ತೆಗೆಯುವ ರಾಶಿ ಖಾಲಿಯಾದರೆ
  ಹಾಕಿದ ಕಾರ್ಡುಗಳ ರಾಶಿಯನ್ನು ಕಲಸಿ ಹೊಸ ತೆಗೆಯುವ ರಾಶಿ ಮಾಡಲಾಗುತ್ತದೆ (ಮೇಲಿನ ಕಾರ್ಡ್ ಉಳಿಯುತ್ತದೆ;
  ಸ್ವಂತ ಸರದಿಯಲ್ಲಿ ಹಾಕಿದ +3 ಬ್ರೇಕರ್‌ನ ಕೆಳಗಿನ ಕಾರ್ಡ್ ಕೂಡ ಉಳಿಯುತ್ತದೆ).

## ಕ್ರಿಯಾ ಕಾರ್ಡುಗಳು
- **ಸ್ಟಾಪ್**: ಮುಂದಿನ ಆಟಗಾರರ ಸರದಿ ತಪ್ಪುತ್ತದೆ (2 ಆಟಗಾರರಿದ್ದರೆ ನೀವೇ ಮತ್ತೆ ಆಡುತ್ತೀರಿ).
- **+2**: ಮುಂದಿನ ಆಟಗಾರರು ಇನ್ನೊಂದು +2 ಸೇರಿಸುತ್ತಾರೆ, ರಾಜ ಹಾಕುತ್ತಾರೆ, ಅಥವಾ ಇಡೀ ರಾಶಿಯನ್ನು
  ತೆಗೆಯುತ್ತಾರೆ.
- **ದಿಕ್ಕು ಬದಲಾವಣೆ** (<->): ಆಟ ವಿರುದ್ಧ ದಿಕ್ಕಿನಲ್ಲಿ ಸಾಗುತ್ತದೆ (2 ಆಟಗಾರರಿದ್ದರೆ ಏನೂ ಬದಲಾಗದು).
- **ಪ್ಲಸ್**: ಇನ್ನೊಂದು ಕಾರ್ಡ್ ಹಾಕಿ (ಅದು ಹೊಂದಿಕೆಯಾಗಬೇಕು), ಅಥವಾ 1 ತೆಗೆಯಿರಿ. ಪ್ಲಸ್‌ನಿಂದ
  ಗೆಲ್ಲಲು ಸಾಧ್ಯವಿಲ್ಲ.
- **TAKI**: ಅದರ ಬಣ್ಣದ ಎಷ್ಟು ಕಾರ್ಡುಗಳನ್ನಾದರೂ ಹಾಕಿ, ನಂತರ ಅದನ್ನು **ಮುಚ್ಚಿ** (ಕೀ **c**);
  ಕೊನೆಯ ಕಾರ್ಡಿನ ಕ್ರಿಯೆ ಮಾತ್ರ ಲೆಕ್ಕಕ್ಕೆ ಬರುತ್ತದೆ. ಸರಣಿಯೊಳಗಿನ TAKI ಅಥವಾ ಸೂಪರ್ TAKI ಇನ್ನೊಂದು
  ಕಾರ್ಡ್ ಎಂದೇ ಲೆಕ್ಕ. ಅದನ್ನು ತೆರೆದೇ ಬಿಟ್ಟರೆ (**e**) ಮುಂದಿನ ಆಟಗಾರರು ಮುಂದುವರಿಸಬಹುದು.
- **ಬಣ್ಣ ಬದಲಾವಣೆ**: ಹೊಸ ಬಣ್ಣವನ್ನು ಹೆಸರಿಸಿ (+2 ರಾಶಿ ಅಥವಾ ಬಾಕಿ ಇರುವ +3 ಮೇಲೆ ಅಲ್ಲ).
- **ಸೂಪರ್ TAKI**: ಈಗಿನ ಬಣ್ಣದ TAKI.
- **ರಾಜ**: +2 ರಾಶಿ ಅಥವಾ +3 ಅನ್ನು ರದ್ದುಗೊಳಿಸುತ್ತದೆ; ನಂತರ ಯಾವುದೇ ಒಂದು ಕಾರ್ಡ್ ಹಾಕಿ,
  ಅಥವಾ ಸರದಿ ಮುಗಿಸಿ (**e**).
- **+3**: ಉಳಿದೆಲ್ಲರೂ 3 ತೆಗೆಯುತ್ತಾರೆ, ಯಾರಾದರೂ +3 ಬ್ರೇಕರ್‌ನಿಂದ ಅದನ್ನು **ಮುರಿಯದಿದ್ದರೆ**
  (**b**); ಮುರಿದರೆ +3 ಹಾಕಿದವರೇ 3 ತೆಗೆಯುತ್ತಾರೆ. ಇತರರು **ಪಾಸ್** ಮಾಡಬಹುದು (**p**).
- **+3 ಬ್ರೇಕರ್** ನಿಮ್ಮದೇ ಸರದಿಯಲ್ಲಿ: ನೀವು 3 ತೆಗೆಯುತ್ತೀರಿ; ಮುಂದಿನ ಆಟಗಾರರು ಅದರ ಕೆಳಗಿನ
  ಕಾರ್ಡನ್ನು ಅನುಸರಿಸುತ್ತಾರೆ.

## +3 ಗೆ ಉತ್ತರ
- +3 ಗೆ ಉಳಿದೆಲ್ಲರೂ ತಕ್ಷಣ, ಸರದಿಯ ಹೊರಗೆ ಉತ್ತರಿಸುತ್ತಾರೆ: ಬ್ರೇಕರ್‌ನಿಂದ ಮುರಿಯುತ್ತಾರೆ ಅಥವಾ
  ಬಿಡುತ್ತಾರೆ; ಮುಂದಿನ ಆಟಗಾರರು ರಾಜನಿಂದ ರದ್ದುಗೊಳಿಸಲೂಬಹುದು.
- ಉತ್ತರಿಸಲು ಕೆಲವೇ ಸೆಕೆಂಡುಗಳಿರುತ್ತವೆ (ಮೇಜಿನ ಸೆಟ್ಟಿಂಗ್, ಸಾಮಾನ್ಯವಾಗಿ 4; ಕ್ಷಣಗಣನೆ
  ಪರದೆಯ ಮೇಲೆ ಕಾಣುತ್ತದೆ): ಅಷ್ಟರಲ್ಲಿ ಉತ್ತರಿಸದವರು ಅದನ್ನು ಬಿಟ್ಟಂತೆ.

## ಮೇಜಿನ ಆಯ್ಕೆಗಳು
- *ಹಂತಗಳ ಪಂದ್ಯಾವಳಿ*: 8 ಹಂತಗಳು. ಕೈ ಖಾಲಿಯಾದ ಕೂಡಲೇ ನೀವು ಒಂದು ಹಂತ ಏರಿ ಅಷ್ಟೇ ಕಾರ್ಡುಗಳನ್ನು
  ತೆಗೆಯುತ್ತೀರಿ (7, ನಂತರ 6 ... ಕೊನೆಗೆ 1); ಹಂತ 1 ರ ಕೈಯನ್ನು ಮೊದಲು ಖಾಲಿ ಮಾಡಿದವರು ಗೆಲ್ಲುತ್ತಾರೆ.
- *ಸ್ಥಾನಗಳು*: ವಿಜೇತರ ನಂತರ ಉಳಿದವರು 2ನೇ, 3ನೇ ... ಸ್ಥಾನಕ್ಕಾಗಿ ಆಡುತ್ತಾರೆ.
- *ಆಡುವುದು ಕಡ್ಡಾಯ*: ಹಾಕಬಹುದಾದ ಕಾರ್ಡ್ ಇರುವಾಗ ತೆಗೆಯುವಂತಿಲ್ಲ.
- *ಸರದಿಯ ಸಮಯ*: ನಿಮ್ಮ ಸಮಯ ಮುಗಿದರೆ ಆಟವೇ ನಿಮ್ಮ ಸರದಿ ಮುಗಿಸುತ್ತದೆ (ಸಾಧ್ಯವಾದರೆ ಸರಣಿ ಮುಚ್ಚುತ್ತದೆ
  ಅಥವಾ ಸರದಿ ಮುಗಿಸುತ್ತದೆ; ಇಲ್ಲದಿದ್ದರೆ ನೀವು 1 ತೆಗೆಯುತ್ತೀರಿ).

## ಮನೆ ನಿಯಮಗಳು (ನಮ್ಮವು, ಮುದ್ರಿತ ನಿಯಮಗಳಲ್ಲ)
- ಆರಂಭದ ಕಾರ್ಡ್ ಬಣ್ಣವಿಲ್ಲದ್ದಾಗಿದ್ದರೆ ಅದು ತೆಗೆಯುವ ರಾಶಿಯ ತಳಕ್ಕೆ ಹೋಗುತ್ತದೆ; ಮುಂದಿನದನ್ನು
  ತಿರುಗಿಸಲಾಗುತ್ತದೆ.
- ಯಾರು ಆರಂಭಿಸಬೇಕೆಂದು ಆತಿಥೇಯರು ಆರಿಸುತ್ತಾರೆ (ಸಾಮಾನ್ಯವಾಗಿ ಯಾದೃಚ್ಛಿಕ).
- ಹಾಕಲು ಸಾಧ್ಯವಿದ್ದರೂ ನೀವು ತೆಗೆಯಬಹುದು (ಮೇಜಿನಲ್ಲಿ *ಆಡುವುದು ಕಡ್ಡಾಯ* ಇಲ್ಲದಿದ್ದರೆ).

## ಕೀಗಳು
| ಕೀ | ಕೆಲಸ |
|---|---|
| ←/→, 1-9, 0, f… | ಕಾರ್ಡ್ ಆರಿಸಿ (ಅಥವಾ ಕಾರ್ಡಿನ ಮೇಲಿನ ಕೀ) |
| Enter, ಕ್ಲಿಕ್ | ಅದನ್ನು ಹಾಕಿ |
| o | ಕೈ ಬಣ್ಣದ ಪ್ರಕಾರ, ಅಥವಾ ಹಂಚಿದಂತೆ |
| d | ತೆಗೆಯಿರಿ |
| c | TAKI ಮುಚ್ಚಿ |
| e | ಸರದಿ ಮುಗಿಸಿ (ರಾಜನ ನಂತರ, ಅಥವಾ TAKI ತೆರೆದೇ ಬಿಡಲು) |
| l | “ಕೊನೆಯ ಕಾರ್ಡ್” ಎಂದು ಹೇಳಿ |
| b / p | +3 ಮುರಿಯಿರಿ / ಬಿಡಿ |
| K | ರಾಜ ಆಡಿ (ಅದು ಪೇರಿಸಿದ +2 ಅಥವಾ +3 ಅನ್ನು ರದ್ದುಮಾಡುತ್ತದೆ) |
| 1-4 | ಬಣ್ಣ ಬದಲಾವಣೆಯ ಹೊಸ ಬಣ್ಣ ಆರಿಸಿ (ಕೆಂಪು, ಹಸಿರು, ನೀಲಿ, ಹಳದಿ) |
| t | ಚಾಟ್ (Enter ಕಳುಹಿಸುತ್ತದೆ, Esc ಆಟಕ್ಕೆ ಹಿಂತಿರುಗಿಸುತ್ತದೆ) |
| s, a, A, x, r | ಆತಿಥೇಯ: ಆರಂಭಿಸಿ, ಬಾಟ್ ಸೇರಿಸಿ / ಸುಲಭ ಬಾಟ್ ಸೇರಿಸಿ, ಬಾಟ್ ತೆಗೆಯಿರಿ, ಮರುಪಂದ್ಯ |
| v | ಮುಗಿದ ಆಟವನ್ನು ಹೆಜ್ಜೆ ಹೆಜ್ಜೆಯಾಗಿ ನೋಡಿ (ಮರುನೋಟದಲ್ಲಿ → / ←) |
| S | ಈ ಮೇಜಿನ ಇಂದಿನ ಶ್ರೇಯಾಂಕ (ಮೊಗಸಾಲೆಯಲ್ಲೂ) |
| H | ಸುಳಿವು: ಬಲಿಷ್ಠ ಬಾಟ್ ಏನು ಆಡುತ್ತಿತ್ತು ಮತ್ತು ಏಕೆ (ಸುಳಿವುಗಳಿರುವ ಮೇಜುಗಳಲ್ಲಿ) |
| q | ಮೇಜು ಬಿಡಿ |
| ? | ಈ ಸಹಾಯ (Esc ಇದನ್ನು ಮುಚ್ಚುತ್ತದೆ) |
"""
