"""Icelandic (Íslenska): the UI strings, their plural forms and the rules help.

Terms follow docs/i18n/is.md (the glossary a test checks): stokkur, dráttarbunki,
kastbunki, efsta spil, hönd, umferð (a player's turn; 'á leik' says whose it is),
leikur (a game: 'spil' is only ever a card), borð, endurspilun, þrep (a stage of the
stairs: 'stig' would read as points), spilari, tölva (a bot), síðasta spil; the cards
Stopp, +2, Stefnuskipti, Plús, TAKI, Litaskipti, Súper TAKI, Kóngur, +3, +3 brjótur.
A name or a card never stands where Icelandic would inflect it: names are subjects
(nominative) or stand before a colon, and a coloured card ('rautt 7', neuter as 'spil';
'rauður Plús') follows a colon ('Anna spilaði: rautt 7'). Colour names on their own
agree with 'litur' ('nýr litur: rauður').
"""

KEYS: dict[str, str] = {
}
"""Key names as this language's keyboards print them (i18n.key)."""

MESSAGES: dict[str, str] = {
    # client/announce.py
    "Time ran out: your turn ends": "Tíminn rann út: umferðinni þinni lýkur",
    "Time ran out for {who}": "{who}: tíminn rann út",
    "You did not say last card: you draw {n}": "Þú sagðir ekki „síðasta spil“: þú dregur {n}",
    "{who} did not say last card: draws {n}": "{who} sagði ekki „síðasta spil“: dregur {n}",
    "Your +3": "Þitt +3",
    "+3 from you: the others answer": "Þitt +3: hinir svara",
    "+3 from {who}: break it (b) or let it through (p)": (
        "{who} spilaði +3: brjóttu (b) eða pass (p)"
    ),
    "+3 from {who}: break (b), pass (p) or King (K)":
        "{who} spilaði +3: brjóttu (b), pass (p) eða Kóngur (K)",
    "+3 from {who}: pass (p) or cancel it with a King (K)":
        "{who} spilaði +3: pass (p) eða ógiltu það með Kóngi (K)",
    "+3 from {who}: let it through (p)": "{who} spilaði +3: hleyptu því í gegn (p)",
    "You said last card": "Þú sagðir „síðasta spil“",
    "{who} said last card": "{who} sagði „síðasta spil“",
    # client/app.py
    "Spectator": "Áhorfandi",
    "Player": "Spilari",
    "A name is 1 to {n} printable characters.": "Nafn er 1 til {n} prentanlegir stafir.",
    "Refused": "Hafnað",
    "The local server did not start.": "Staðbundni þjónninn ræstist ekki.",
    "The local server did not start ({detail}).": "Staðbundni þjónninn ræstist ekki ({detail}).",
    "The local server did not start in time.": "Staðbundni þjónninn ræstist ekki í tæka tíð.",
    "Type an address like 192.168.1.23:8254": "Sláðu inn vistfang eins og 192.168.1.23:8254",
    "Type an address, e.g. 192.168.1.23:8254.": "Sláðu inn vistfang, t.d. 192.168.1.23:8254.",
    "Put an IPv6 address in square brackets, then :port.": (
        "Settu IPv6-vistfangið innan hornklofa, svo :gátt."
    ),
    "The address has no host: write host:port, e.g. 192.168.1.23:8254.": (
        "Vistfangið vantar vél: skrifaðu vél:gátt, t.d. 192.168.1.23:8254."
    ),
    "Not a host name: {host}.": "Ekki heiti á vél: {host}.",
    "The port is not a number: {port}.": "Gáttin er ekki tala: {port}.",
    "The port must be from 1 to 65535.": "Gáttin verður að vera frá 1 til 65535.",
    "this computer": "þessi tölva",
    "{name}'s table": "Borð: {name}",
    "Cannot host": "Get ekki hýst",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "Gátt {busy} er í notkun hjá öðru forriti, svo þjónninn þinn notar gátt {port}."
    ),
    "No network found: only this machine can join ({address}).": (
        "Ekkert net fannst: aðeins þessi vél getur tengst ({address})."
    ),
    "Friends join with:": "Vinir tengjast með:",
    # client/levels.py
    "easy": "auðvelt",
    "normal": "venjulegt",
    "strong": "erfitt",
    # client/refusals.py
    "The game has started: watch it instead.": "Leikurinn er hafinn: horfðu frekar á hann.",
    "The server could not read a message from this client.": (
        "Þjónninn gat ekki lesið skilaboð frá þessu forriti."
    ),
    "The server refused a message too long for it.": "Þjónninn hafnaði of löngum skilaboðum.",
    "This client and the server share no protocol version: update one.": (
        "Þetta forrit og þjónninn eiga enga sameiginlega útgáfu: uppfærðu annað."
    ),
    "The server waited too long for this client.": "Þjónninn beið of lengi eftir þessu forriti.",
    "This client read the server's messages too slowly.": (
        "Þetta forrit las skilaboð þjónsins of hægt."
    ),
    "The server takes no more connections right now.": (
        "Þjónninn tekur ekki við fleiri tengingum í bili."
    ),
    "Too many requests: the server closed the connection.": (
        "Of margar beiðnir: þjónninn lokaði tengingunni."
    ),
    "The server could not take that request.": "Þjónninn gat ekki tekið við þessari beiðni.",
    "The server does not know that request.": "Þjónninn þekkir ekki þessa beiðni.",
    "The server did not expect that request now.": "Þjónninn átti ekki von á þessari beiðni núna.",
    "Spectators cannot take or run a seat.": "Áhorfendur geta hvorki tekið sæti né stjórnað því.",
    "Too many requests: wait a moment and try again.": (
        "Of margar beiðnir: bíddu aðeins og reyndu aftur."
    ),
    "The server failed to carry that out.": "Þjónninn gat ekki framkvæmt þetta.",
    "The server cannot save right now: try again later.": (
        "Þjónninn getur ekki vistað núna: reyndu aftur síðar."
    ),
    "The server holds as many tables as it can: join one.": (
        "Þjónninn hefur eins mörg borð og hann getur: sestu við eitt þeirra."
    ),
    "Every seat at this table is taken.": "Öll sæti við þetta borð eru tekin.",
    "That seat is taken.": "Þetta sæti er tekið.",
    "There is no such seat.": "Þetta sæti er ekki til.",
    "Leave your table first.": "Farðu fyrst frá borðinu þínu.",
    "Join or watch a table first.": "Sestu fyrst við borð eða horfðu á það.",
    "Only a seated player can do that.": "Aðeins spilari í sæti getur gert þetta.",
    "Only the table's host can do that.": "Aðeins gestgjafi borðsins getur gert þetta.",
    "A person holds that seat, not a bot.": "Manneskja situr í þessu sæti, ekki tölva.",
    "A game needs at least two seated players.": (
        "Leikur þarf að minnsta kosti tvo spilara í sætum."
    ),
    "Not while a game is being played.": "Ekki á meðan leikur er í gangi.",
    "No game is being played.": "Enginn leikur er í gangi.",
    "The game moved on meanwhile: look again.": "Leikurinn hélt áfram á meðan: líttu aftur á hann.",
    "It is not your turn.": "Það er ekki þín umferð.",
    "That colour does not go with that card.": "Þessi litur passar ekki við þetta spil.",
    "The rules do not allow that now.": "Reglurnar leyfa þetta ekki núna.",
    "The server could not read that move.": "Þjónninn gat ekki lesið þessa aðgerð.",
    "There is no such table.": "Þetta borð er ekki til.",
    "There is no such finished game.": "Enginn slíkur lokinn leikur er til.",
    "There is no table {table}.": "Borðið {table} er ekki til.",
    "There is no finished game number {game}.": "Lokinn leikur númer {game} er ekki til.",
    # client/screens/cannot_join.py
    "No such host: {host}.": "Enginn slíkur hýsill: {host}.",
    "Nothing answers at {address}.": "Ekkert svarar á {address}.",
    "No answer from {address}.": "Ekkert svar frá {address}.",
    "Cannot reach {address}.": "Næ ekki í {address}.",
    "Cannot reach {address} ({detail}).": "Næ ekki í {address} ({detail}).",
    "The server closed the connection.": "Þjónninn lokaði tengingunni.",
    "The server refused the connection.": "Þjónninn hafnaði tengingunni.",
    "The connection was lost.": "Tengingin rofnaði.",
    "The connection was lost ({detail}).": "Tengingin rofnaði ({detail}).",
    "The server stopped answering: nothing heard for {seconds} s.": (
        "Þjónninn hætti að svara: ekkert heyrst í {seconds} sek."
    ),
    "Unreadable message from the server.": "Ólæsileg skilaboð frá þjóninum.",
    "Unreadable message from the server ({detail}).": "Ólæsileg skilaboð frá þjóninum ({detail}).",
    "That message cannot be sent.": "Ekki er hægt að senda þessi skilaboð.",
    "That message cannot be sent ({detail}).": "Ekki er hægt að senda þessi skilaboð ({detail}).",
    "host:port": "vél:gátt",
    "e edit the address · b back · q quit": "e breyta vistfangi · b til baka · q hætta",
    "Cannot join {address}": "Get ekki tengst {address}",
    "Trying again now...": "Reyni aftur núna...",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "Reyni aftur eftir {seconds} sek. (tilraun {attempt})."
    ),
    # client/screens/help.py
    "card": "spil",
    "label": "merki",
    "Card labels": "Merkin á spilunum",
    # client/screens/hosting.py
    "Your server is running. Friends type one of these:": (
        "Þjónninn þinn er í gangi. Vinir slá inn eitt af þessu:"
    ),
    "(this machine)": "(þessi vél)",
    "Enter: on to the lobby · i shows this again": "Enter: í anddyrið · i sýnir þetta aftur",
    "y quit and stop the server · n stay": "y hætta og stöðva þjóninn · n vera áfram",
    # client/screens/intro.py
    "Be the first to empty your hand.": "Losaðu þig við öll spilin á undan hinum.",
    "Play a card of the leading card's colour or symbol, or draw one card.": (
        "Settu spil í lit eða með tákni efsta spilsins, eða dragðu eitt spil."
    ),
    "Bright cards can be played now: choose one with ←/→ or its key,": (
        "Björtu spilin má setja núna: veldu eitt með ←/→ eða lykli þess"
    ),
    "then press {enter}.": "og ýttu svo á {enter}.",
    "Stop skips the next player; +2 stacks up; TAKI lets you play": (
        "Stopp sleppir næsta spilara, +2 safnast upp, með TAKI seturðu"
    ),
    "whole runs of its colour; King cancels +2 stacks and +3.": (
        "heila röð í lit þess, Kóngur ógildir +2 stafla eða +3."
    ),
    "With one card left, say last card (l) or draw 4.": (
        "Með eitt spil eftir segirðu „síðasta spil“ (l), annars dregurðu 4."
    ),
    "The table tells you why a card or key is refused.": (
        "Borðið segir þér hvers vegna spili eða lykli er hafnað."
    ),
    "? shows the full rules, the screen's signs and every key.": (
        "? sýnir allar reglurnar, tákn skjásins og alla lykla."
    ),
    "{esc}: close the help · {keys}: scroll": "{esc}: loka hjálpinni · {keys}: fletta",
    "How to play TAKI": "Svona er TAKI spilað",
    "{esc}: start playing (shown once)": "{esc}: byrja að spila (sést bara einu sinni)",
    "{esc}: start watching (shown once)": "{esc}: byrja að horfa (sést bara einu sinni)",
    # client/screens/lobby.py
    "stairs": "þrepamót",
    "must play": "skylt að spila",
    "places": "um sæti",
    "{time} per turn": "{time} á umferð",
    "(Enter creates, Esc cancels)": "(Enter stofnar, Esc hættir við)",
    "New table": "Nýtt borð",
    "Name": "Nafn",
    "Seats (2-10)": "Sæti (2-10)",
    "Stairs (8-stage tournament)": "Þrepamót (8 þrep)",
    "Must play if able (no drawing while you can play)": (
        "Skylt að spila ef hægt er (ekki dregið meðan þú getur spilað)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "Spilað um sæti (haldið áfram um 2., 3. ... sæti)"
    ),
    "Turn timer in seconds (0: none)": "Tími á umferð í sekúndum (0: engin mörk)",
    "+3 answer window in seconds": "Svarfrestur við +3 í sekúndum",
    "Bots' level": "Erfiðleikastig tölva",
    "Create": "Stofna",
    "Cancel": "Hætta við",
    "Seats must be between 2 and 10.": "Sæti verða að vera 2 til 10.",
    "The +3 window must be 1 to 60 seconds.": (
        "Svarfrestur við +3 verður að vera 1 til 60 sekúndur."
    ),
    "The turn timer must be 0 or 5 to 600 seconds.": (
        "Tími á umferð verður að vera 0 eða 5 til 600 sekúndur."
    ),
    "Give the table a name.": "Gefðu borðinu nafn.",
    "Id": "Nr.",
    "Options": "Valkostir",
    "Seats": "Sæti",
    "State": "Staða",
    "Table": "Borð",
    "Watching": "Áhorfendur",
    "Press q again to quit.": "Ýttu aftur á q til að hætta.",
    "Lobby": "Anddyri",
    "Not connected.": "Ekki tengt.",
    "No tables to watch yet.": "Engin borð til að horfa á enn.",
    "No tables yet: press n to open one.": "Engin borð enn: ýttu á n til að opna borð.",
    "new table": "nýtt borð",
    "join": "setjast",
    "watch": "horfa",
    "finished games": "loknir leikir",
    "settings": "stillingar",
    "help": "hjálp",
    "back": "til baka",
    "Settings saved.": "Stillingar vistaðar.",
    # client/screens/replay.py
    "This replay does not follow the rules here; it stops.": (
        "Hér fylgir leikurinn ekki reglunum; endurspilunin stöðvast."
    ),
    "Replay": "Endurspilun",
    "step {n} of {total}": "skref {n} af {total}",
    "Leading card": "Efsta spil",
    "Colour": "Litur",
    "The deal.": "Gjöfin.",
    "{name} wins!": "{name} vinnur!",
    "→ forward · ← back · {pgup}/{pgdn} ten · {home}/{end} · q close": (
        "→ áfram · ← til baka · {pgup}/{pgdn} tíu í einu · {home}/{end} · q loka"
    ),
    # client/screens/replays.py
    "Finished games": "Loknir leikir",
    "Enter step through the game · q back": (
        "Enter fara í gegnum leikinn skref fyrir skref · q til baka"
    ),
    "Game": "Leikur",
    "Players": "Spilarar",
    "Winner": "Sigurvegari",
    "Asking the server...": "Spyr þjóninn...",
    "No finished games on this server yet.": "Engir loknir leikir á þessum þjóni enn.",
    "* kept by this client for the session": "* geymdur í þessum biðlara út lotuna",
    # client/screens/settings.py
    "Settings": "Stillingar",
    "Your name": "Nafnið þitt",
    "Your name as a spectator": "Nafnið þitt sem áhorfandi",
    "Bell on your turn": "Bjalla þegar þú átt leik",
    "Desktop notification on your turn": "Tilkynning á skjáborði þegar þú átt leik",
    "Save": "Vista",
    # client/screens/start.py
    "Play now": "Spila núna",
    "Host a game for the LAN": "Hýsa leik á staðarnetinu",
    "Join": "Tengjast",
    "p play now · h host · j join · ? help · q quit": (
        "p spila núna · h hýsa · j tengjast · ? hjálp · q hætta"
    ),
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "Ekki leitað að leikjum (TAKI_DISCOVERY=off): tengstu með vistfangi."
    ),
    "Cannot look for games on this network: join by address.": (
        "Ekki hægt að leita að leikjum á þessu neti: tengstu með vistfangi."
    ),
    "Games on your network (g):": "Leikir á netinu þínu (g):",
    "No games found on this network (r looks again).": (
        "Engir leikir fundust á þessu neti (r leitar aftur)."
    ),
    "Looking for games on your network...": "Leita að leikjum á netinu þínu...",
    "open tables: {count}": "opin borð: {count}",
    "another version of taki": "önnur útgáfa af taki",
    "Joining {address}...": "Tengist {address}...",
    "Bots: {level} (l changes)": "Erfiðleikastig tölva: {level} (l breytir)",
    "Starting a table with three bots...": "Set upp borð með þremur tölvum...",
    "Starting a server for your LAN...": "Ræsi netþjón fyrir staðarnetið þitt...",
    # client/screens/table.py
    "Name the new colour:": "Veldu nýja litinn:",
    "Esc: cancel": "Esc: hætta við",
    "name the colour": "nefna litinn",
    "cancel": "hætta við",
    "t: chat": "t: spjall",
    "(watching)": "(áhorfandi)",
    "(spectator)": "(áhorfandi)",
    "(free seat)": "(laust sæti)",
    "you": "þú",
    "bot": "tölva",
    "disconnected": "án sambands",
    "stage {n}": "þrep {n}",
    "LAST CARD!": "SÍÐASTA SPIL!",
    "Draw pile: {n}": "Dráttarbunki: {n}",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Þú ert gestgjafi: a bætir við tölvu, x fjarlægir tölvu, s byrjar leikinn."
    ),
    "Waiting for the host to start the game.": "Beðið eftir að gestgjafinn hefji leikinn.",
    "Waiting for the players to come back.": "Beðið eftir að spilararnir komi aftur.",
    "Game over.": "Leiknum er lokið.",
    "The host (★) can start a rematch.": "Gestgjafinn (★) getur byrjað nýjan leik.",
    "+3 from {name}": "{name} spilaði +3",
    "open {taki}": "opið {taki}",
    "red TAKI run": "röð: rautt TAKI",
    "green TAKI run": "röð: grænt TAKI",
    "blue TAKI run": "röð: blátt TAKI",
    "yellow TAKI run": "röð: gult TAKI",
    "Plus: play one more card or draw": "Plús: settu eitt spil í viðbót eða dragðu",
    "King: play any card or end the turn (e)": "Kóngur: hvaða spil sem er eða ljúktu umferð (e)",
    "Answer the +3!": "Svaraðu +3!",
    "Your move!": "Þú átt leik!",
    "Your turn": "Þín umferð",
    "Waiting for {name}": "{name} á leik",
    "send": "senda",
    "back to the game": "aftur í leikinn",
    "draw": "draga",
    "close TAKI": "loka TAKI",
    "end turn": "ljúka umferð",
    "last card": "síðasta spil",
    "break +3": "brjóta +3",
    "pass": "pass",
    "add bot": "bæta við tölvu",
    "remove bot": "fjarlægja tölvu",
    "start": "byrja",
    "give the seat back to {name}": "skila sætinu ({name})",
    "rematch": "nýr leikur",
    "replay": "endurspilun",
    "choose": "velja",
    "play": "spila",
    "chat": "spjall",
    "leave": "fara",
    "Hand: as dealt": "Hönd: eins og gefið var",
    "Hand: sorted by colour": "Hönd: raðað eftir lit",
    "Only the host ({name}) can do that.": "Aðeins gestgjafinn ({name}) getur gert þetta.",
    "Only after the game: r starts a rematch.": "Aðeins eftir leikinn: r byrjar nýjan leik.",
    "Only before the game starts.": "Aðeins áður en leikurinn hefst.",
    "The replay opens when the game is over.": "Endurspilunin opnast þegar leiknum er lokið.",
    "Press q again to leave the game (a bot will take your seat).": (
        "Ýttu aftur á q til að yfirgefa leikinn: tölva tekur við sætinu þínu."
    ),
    # client/nudge.py
    "Your turn at {table}.": "Þín umferð: {table}.",
    # client/session.py
    "Connection": "Tenging",
    "Not connected: retrying...": "Ekki tengt: reyni aftur...",
    "Not connected: you will leave {table} when the server is back.": (
        "Ekki tengt: þú ferð frá {table} þegar þjónninn kemur aftur."
    ),
    "The server is back.": "Þjónninn er kominn aftur.",
    "Your seat is in another window: ctrl+r takes it back": (
        "Sætið þitt er í öðrum glugga: ctrl+r tekur það aftur"
    ),
    "Your seat is now played from another window. Press ctrl+r to take it back here.": (
        'Nú er spilað í sætinu þínu úr öðrum glugga. Ýttu á ctrl+r til að taka það aftur hér.'
    ),
    "Taking your seat back...": (
        'Tek sætið þitt aftur...'
    ),
    "Your seat is played in another window.": "Sætið þitt er spilað í öðrum glugga.",
    "take your seat back": "taka sætið aftur",
    "quit": "hætta",
    "Your seat is gone: the table closed or a bot took it.": (
        "Sætið þitt er farið: borðinu var lokað eða tölva tók það."
    ),
    "The server was stopped: waiting for it...": "Þjónninn var stöðvaður: beðið eftir honum...",
    "Connection lost: reconnecting...": "Tenging rofnaði: tengist aftur...",
    "Connected again.": "Tengingin er komin aftur.",
    "New game: you start.": "Nýr leikur: þú byrjar.",
    "New game: {name} starts.": "Nýr leikur: {name} byrjar.",
    "Moves are saved again: the table goes on.": (
        "Aðgerðir eru vistaðar aftur: borðið heldur áfram."
    ),
    "The server cannot save moves right now: the table waits until it can.": (
        "Þjónninn getur ekki vistað aðgerðir núna: borðið bíður á meðan."
    ),
    "The server was stopped.": "Þjónninn var stöðvaður.",
    # client/state.py
    "{name} sat down": "{name} settist við borðið",
    "{name} left": "{name} fór frá borðinu",
    "A bot now plays for {name}": "{name}: tölva spilar nú í staðinn",
    "{name} left; a bot plays the seat": "{name} fór frá borðinu: tölva tekur við sætinu",
    "{name} took their seat back": "{name} tók sætið sitt aftur",
    "A bot stands in for {name}": "{name} er fjarverandi: tölva spilar í staðinn",
    "{name} lost the connection": "{name} missti sambandið",
    "{name} is back": "{name} tengdist aftur",
    # client/widgets/cards.py
    "STOP": "STOPP",
    "PLUS": "PLÚS",
    "COLOUR": "LITUR",
    "SUPER": "SÚPER",
    "KING": "KÓNGUR",
    "BREAK": "BRJÓT",
    "short|STOP": "STOP",
    "short|PLUS": "PLÚS",
    "short|COL": "LIT.",
    "short|SUP": "SÚP.",
    "short|KING": "KÓNG",
    "short|BRK": "BRJ.",
    "B": "Bl",
    "G": "Gr",
    "R": "Ra",
    "Y": "Gu",
    "keys|rgby": "1234",
    "{n} more": "{n} í viðbót",
    # client/words.py
    "red": "rauður",
    "green": "grænn",
    "blue": "blár",
    "yellow": "gulur",
    "Stop": "Stopp",
    "Change Direction": "Stefnuskipti",
    "Plus": "Plús",
    "Change Colour": "Litaskipti",
    "Super TAKI": "Súper TAKI",
    "King": "Kóngur",
    "+3 Breaker": "+3 brjótur",
    "red +2": "rautt +2",
    "red Stop": "rautt Stopp",
    "red {number}": "rautt {number}",
    "red Change Direction": "rautt Stefnuskipti",
    "red Plus": "rauður Plús",
    "red TAKI": "rautt TAKI",
    "green +2": "grænt +2",
    "green Stop": "grænt Stopp",
    "green {number}": "grænt {number}",
    "green Change Direction": "grænt Stefnuskipti",
    "green Plus": "grænn Plús",
    "green TAKI": "grænt TAKI",
    "blue +2": "blátt +2",
    "blue Stop": "blátt Stopp",
    "blue {number}": "blátt {number}",
    "blue Change Direction": "blátt Stefnuskipti",
    "blue Plus": "blár Plús",
    "blue TAKI": "blátt TAKI",
    "yellow +2": "gult +2",
    "yellow Stop": "gult Stopp",
    "yellow {number}": "gult {number}",
    "yellow Change Direction": "gult Stefnuskipti",
    "yellow Plus": "gulur Plús",
    "yellow TAKI": "gult TAKI",
    "{n}s": "{n} sek.",
    "(+2 stack)": "(+2 stafli)",
    "(owed after a Plus)": "(eftir Plús)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(+3 var brotið)",
    "(+3 Breaker penalty)": "(víti fyrir +3 brjót)",
    "(did not declare last card)": "(sagði ekki „síðasta spil“)",
    "(next stage)": "(næsta þrep)",
    "You played {card}": "Þú spilaðir: {card}",
    "{who} played {card}": "{who} spilaði: {card}",
    "colour is now {color}": "nýr litur: {color}",
    "{drew}: {cards}": "{drew}: {cards}",
    "Time ran out: you let the +3 through": "Tíminn rann út: þú svaraðir ekki +3",
    "Time ran out: {who} let the +3 through": "Tíminn rann út: {who} svaraði ekki +3",
    "You closed the TAKI": "Þú lokaðir TAKI",
    "You left the TAKI open": "Þú skildir TAKI eftir opið",
    "You ended the turn": "Þú laukst umferðinni",
    "You let the +3 through": "Þú hleyptir +3 í gegn",
    "You broke the +3!": "Þú braust +3!",
    "Your turn is skipped": "Umferð þinni er sleppt",
    "You cleared a stage: now stage {n}": "Þú fórst upp um þrep: nú á þrepi {n}",
    "You cancelled the +{n} stack with a King": "Þú ógiltir +{n} staflann með Kóngi",
    "You cancelled the +3 with a King": "Þú ógiltir +3 með Kóngi",
    "You win!": "Þú vinnur!",
    "You finish in place {n}": "Þú lendir í {n}. sæti",
    "{who} closed the TAKI": "{who} lokaði TAKI",
    "{who} left the TAKI open": "{who} skildi TAKI eftir opið",
    "{who} ended the turn": "{who} lauk umferðinni",
    "{who} let the +3 through": "{who} hleypti +3 í gegn",
    "{who} broke the +3!": "{who} braut +3!",
    "{who}: turn skipped": "{who}: umferðinni sleppt",
    "{who} cleared a stage: now stage {n}": "{who} fór upp um þrep: nú á þrepi {n}",
    "Direction reversed": "Stefnunni snúið við",
    "Discard pile shuffled into a new draw pile": "Kastbunkinn var stokkaður í nýjan dráttarbunka",
    "{who} cancelled the +{n} stack with a King": "{who} ógilti +{n} staflann með Kóngi",
    "{who} cancelled the +3 with a King": "{who} ógilti +3 með Kóngi",
    "{who} wins!": "{who} vinnur!",
    "{who} finishes in place {n}": "{who} lendir í {n}. sæti",
    "A bot": "Tölva",
    "{line} for you": "{line} (fyrir þig)",
    "{line} (a bot stands in)": "{line} (tölva í staðinn)",
    "No game is being played here yet.": "Hér er enginn leikur í gangi enn.",
    "The game is over.": "Leiknum er lokið.",
    "You are watching: spectators do not play.": "Þú ert áhorfandi: áhorfendur spila ekki.",
    "You have finished: the others play on.": "Þú hefur lokið leik: hinir spila áfram.",
    "Not your turn: waiting for {name}.": "Ekki þín umferð: {name} á leik.",
    "You do not hold that card.": "Þú ert ekki með þetta spil.",
    "Match {color} or {symbol}, or play a colourless card.": (
        "Leyfilegt: litur {color}, tákn {symbol} eða litlaust spil."
    ),
    "A +2 stack is live: add a +2, play a King, or draw {n} (d).": (
        "+2 stafli er í gangi: bættu við +2, settu Kóng eða dragðu {n} (d)."
    ),
    "Inside your TAKI run: only {color}, Super TAKI or Change Colour.": (
        "Í TAKI-röðinni: aðeins litur {color}, Súper TAKI eða Litaskipti."
    ),
    "A +3 is pending: only a King answers it on your turn, or pass (p).": (
        "+3 bíður: í þinni umferð svarar aðeins Kóngur því, annars pass (p)."
    ),
    "A +3 is pending: break (b), pass (p) or King (K).": (
        "+3 bíður: brjóttu (b), pass (p) eða Kóngur (K)."
    ),
    "A +3 is pending: pass (p) or cancel it with a King (K).": (
        "+3 bíður: pass (p) eða ógiltu það með Kóngi (K)."
    ),
    "A +3 is pending: let it through (p).": "+3 bíður: hleyptu því í gegn (p).",
    "A +3 is pending: break it (b) or let it through (p).": (
        "+3 bíður: brjóttu það (b) eða hleyptu því í gegn (p)."
    ),
    "There is no +3 to answer.": "Það er ekkert +3 til að svara.",
    "Nobody answers their own +3.": "Enginn svarar eigin +3.",
    "You already let this +3 through.": "Þú hleyptir þessu +3 þegar í gegn.",
    "You hold no +3 Breaker.": "Þú ert ekki með +3 brjót.",
    "Nothing to close: you have no TAKI run.": "Engu að loka: þú ert ekki með TAKI-röð.",
    "A TAKI alone cannot be closed: play a card on it first.": (
        "Stöku TAKI er ekki hægt að loka: settu fyrst spil ofan á það."
    ),
    "No drawing inside your TAKI run: play, close (c) or end it (e).": (
        "Ekki má draga í TAKI-röð: settu spil, lokaðu (c) eða hættu (e)."
    ),
    "After a King: play any card or end the turn (e).": (
        "Eftir Kóng: settu hvaða spil sem er eða ljúktu umferðinni (e)."
    ),
    "This table says must play: you hold a card you can play.": (
        "Við þetta borð er skylt að spila: þú átt spil sem má setja."
    ),
    "A Plus needs one more card: match {color} or {symbol}, or draw (d).": (
        "Plús þarf eitt spil til: litur {color} eða tákn {symbol}, eða dragðu (d)."
    ),
    "A Plus needs one more card, or draw (d).": "Plús þarf eitt spil til, eða dragðu (d).",
    "Nothing to end: e ends a King's turn or leaves a TAKI open.": (
        "Engu að ljúka: e lýkur umferð eftir Kóng eða skilur TAKI eftir opið."
    ),
    "You already declared last card this turn.": "Þú sagðir þegar „síðasta spil“ í þessari umferð.",
    "Not allowed now.": "Ekki leyfilegt núna.",
    # protocol TABLE_STATES (shown through _(info.state))
    "waiting": "bíður",
    "playing": "í gangi",
    "over": "lokið",
    # ssh guests (server/ssh/)
    'You play as {name}': 'Þú spilar sem {name}',
    'Your ssh user name cannot be a name here: you play as {name}.': (
        'SSH-notandanafnið þitt getur ekki verið nafn hér: '
        'þú spilar sem {name}.'
    ),
    'A guest plays on this server only.': 'Gestur spilar aðeins á þessum þjóni.',
    # client/standings.py, client/screens/standings.py (the standings of the evening)
    'No game has finished at this table yet.': 'Enginn leikur hefur klárast við þetta borð enn.',
    'Places from first to last: {counts}.': 'Sæti frá fyrsta til síðasta: {counts}.',
    'Best stage: {stage}.': 'Besta þrep: {stage}.',
    'Head to head, in games finished ahead of the other:': (
        'Innbyrðis, leikir þar sem annar endaði ofar en hinn:'
    ),
    'Esc: close': 'Esc: loka',
    'standings': 'staðan',
    # client/hint_words.py, client/screens/table.py, client/screens/lobby.py (hints)
    "Hint: {action} — {reason}": "Vísbending: {action} — {reason}",
    "Hint: {action}": "Vísbending: {action}",
    "play {card}": "spilaðu: {card}",
    "play {card} and name {color}": "spilaðu: {card}, litur: {color}",
    "close the TAKI": "lokaðu TAKI",
    "end the turn": "ljúktu umferðinni",
    "say last card": "segðu „síðasta spil“",
    "break the +3": "brjóttu +3",
    "let the +3 through": "hleyptu +3 í gegn",
    "you have no card to play": "þú átt ekkert spil sem má spila",
    "it is your only move": "þú getur ekkert annað gert",
    "it empties your hand": "þá tæmist höndin þín",
    "the +3's player draws instead of you": "sá sem lagði +3 dregur í þinn stað",
    "the King cancels what you owe": "Kóngurinn fellir niður það sem þú skuldar",
    "the next player owes more, or must stack": "næsti spilari skuldar meira eða verður að bæta á",
    "one card left: say last card with it": "eitt spil eftir: segðu „síðasta spil“ með því",
    "{name} is close to winning": "{name} er nálægt sigri",
    "a run gets rid of several cards at once": "röð losar þig við mörg spil í einu",
    "you hold most cards of that colour": "þú átt flest spil í þeim lit",
    "keeps your +2 for a stack": "geymir +2 til að bæta á síðar",
    "it did best when the bot played the game on": (
        "þetta gekk best þegar tölvan spilaði leikinn áfram"
    ),
    "Hints are off at this table.": "Vísbendingar eru óvirkar við þetta borð.",
    "Hints are for your turn.": "Vísbendingar eru fyrir þína umferð.",
    "Waiting for the server to answer your move...": (
        "Beðið eftir svari þjónsins við aðgerð þinni..."
    ),
    "Looking for a hint...": "Leita að vísbendingu...",
    "hint": "vísbending",
    "hints": "vísbendingar",
    "Hints for learners (H shows the bot's choice)": (
        "Vísbendingar fyrir byrjendur (H sýnir val tölvunnar)"
    ),
}

PLURALS: dict[str, dict[str, str]] = {
    'Standings of {table} after {n} game:': {
        'one': 'Staðan „{table}“ eftir {n} leik:',
        'other': 'Staðan „{table}“ eftir {n} leiki:',
    },
    '{name} won {wins} of {n} game.': {
        'one': '{name} vann {wins} af {n} leik.',
        'other': '{name} vann {wins} af {n} leikjum.',
    },
    '{bot} won {wins} of {n} game.': {
        'one': '{bot} vann {wins} af {n} leik.',
        'other': '{bot} vann {wins} af {n} leikjum.',
    },
    "+2 stack: {n} card to draw": {
        "one": "+2 stafli: {n} spil að draga",
        "other": "+2 stafli: {n} spil að draga",
    },
    "{n} card": {
        "one": "{n} spil",
        "other": "{n} spil",
    },
    "You drew {n} card": {
        "one": "Þú dróst {n} spil",
        "other": "Þú dróst {n} spil",
    },
    "{who} drew {n} card": {
        "one": "{who} dró {n} spil",
        "other": "{who} dró {n} spil",
    },
    "{names} let it through": {
        "one": "{names} hleypti því í gegn",
        "other": "{names} hleyptu því í gegn",
    },
    "{count} other player is at your server. Quitting stops it for them too.": {
        "one": (
            "{count} annar spilari er á þjóninum þínum. Ef þú hættir stöðvast þjónninn líka hjá "
            "honum."
        ),
        "other": (
            "{count} aðrir spilarar eru á þjóninum þínum. Ef þú hættir stöðvast þjónninn líka "
            "hjá þeim."
        ),
    },
    "With a hint in {n} game.": {
        "one": "Með vísbendingu í {n} leik.",
        "other": "Með vísbendingu í {n} leikjum.",
    },
}

RULES = """\
# TAKI

**Markmið**: að losa sig við öll spilin á undan hinum. Settu spil í sama **lit** eða með
sama **tákni** og efsta spilið, eða litlaust spil; eða dragðu eitt spil (þá lýkur
umferðinni þinni).

**Síðasta spil**: ef umferðinni þinni lýkur með eitt spil á hendi verður þú að hafa sagt
*síðasta spil* (lykill **l**) í þeirri umferð, annars dregur þú 4.

## Skjárinn
- Höndin þín, raðað eftir lit: **björtu** spilin má setja núna, þau daufu ekki. Yfir
  hverju spili: lykill þess og upphafsstafir litarins (engir á litlausu spili).
  Löng hönd þrengir spilin, svo rennur hún til: *‹ 3 í viðbót* og *3 í viðbót ›*
  telja spilin sem sjást ekki; örvarnar (eða smellur á merkið) sýna þau.
- ▶ sýnir hver á leik, ★ gestgjafa borðsins; örin á eftir *Spilarar* sýnir í hvaða átt
  er spilað. *SÍÐASTA SPIL!* við nafn: sá spilari er með eitt spil á hendi og hefur
  sagt *síðasta spil*.
- Línan undir efsta spilinu segir hvað er í gangi (+2 stafli, +3 og sekúndurnar sem eftir
  eru, TAKI-röð) og, þegar lykli eða spili er hafnað, hvers vegna.
- *Leiknum er lokið* í stað efsta spilsins: þá sést hver hönd sem eftir er við nafn
  spilarans sem á hana (og í endurspiluninni): þú sérð hver var með hvaða spil.
  Aldrei fyrr en í lokin.

## Stokkurinn og gjöfin
- 116 spil í fjórum litum (rauðum, grænum, bláum, gulum): tvö af hverri tölu 1, 3 til 9
  (ekkert venjulegt 2: +2 er eina 2-an) og tvö Stopp, +2, Stefnuskipti, Plús og TAKI í
  hverjum lit.
- Litlaus: Litaskipti (4), Súper TAKI, Kóngur, +3, +3 brjótur (2 af hverju). Þau má setja
  á hvaða lit sem er (hvert eftir sinni reglu) og liturinn helst, nema Litaskipti, sem
  velja nýjan lit.
- Hver fær 8 spil; næsta spili er snúið upp og það verður efsta spilið. Tæmist
  dráttarbunkinn er kastbunkinn stokkaður í nýjan (efsta spilið verður eftir; eftir
  +3 brjót sem spilari lagði í eigin umferð verður spilið undir honum líka eftir).

## Aðgerðaspil
- **Stopp**: næsti spilari missir umferð (með 2 spilurum spilar þú aftur).
- **+2**: næsti spilari bætir við +2, setur Kóng eða dregur allan staflann.
- **Stefnuskipti** (<->): spilað er í hina áttina (með 2 spilurum breytist ekkert).
- **Plús**: settu eitt spil í viðbót (það verður að passa) eða dragðu 1. Ekki er hægt að
  vinna á Plús.
- **TAKI**: settu eins mörg spil í lit þess og þú vilt og **lokaðu** því svo (lykill
  **c**); aðeins aðgerð síðasta spilsins gildir. TAKI eða Súper TAKI inni í röðinni telst
  eitt spil í viðbót. Ef þú skilur það eftir opið (**e**) má næsti spilari halda áfram.
- **Litaskipti**: veldu nýja litinn (ekki ofan á +2 stafla eða +3 sem bíður).
- **Súper TAKI**: TAKI í núverandi lit.
- **Kóngur**: ógildir +2 stafla eða +3; síðan seturðu hvaða eitt spil sem er, eða lýkur
  umferðinni (**e**).
- **+3**: allir hinir draga 3, nema einhver **brjóti** það (**b**) með +3 brjót: þá
  dregur sá sem setti +3 þrjú spil. Hinir geta **hleypt því í gegn** (**p**).
- **+3 brjótur** í eigin umferð: þú dregur 3; næsti spilari fylgir spilinu undir honum.

## Svarið við +3
- Allir hinir svara +3 strax, utan umferðar: brjóta það með brjót eða hleypa því í
  gegn; næsti spilari getur líka ógilt það með Kóngi.
- Svarfresturinn er nokkrar sekúndur (stilling borðsins, 4 sjálfgefið; niðurtalningin
  sést á skjánum): sá sem hefur ekki svarað þá hleypir því í gegn.

## Valkostir borðsins
- *Þrepamót*: í 8 þrepum. Tæmirðu höndina færistu strax upp um þrep og dregur jafn
  mörg spil (7, svo 6 ... loks 1); sá fyrsti sem tæmir hönd á 1. þrepi vinnur.
- *Um sæti*: eftir sigurvegarann spila hinir áfram um 2., 3. ... sæti.
- *Skylt að spila*: ekki má draga meðan þú átt spil sem má setja.
- *Tími á umferð*: renni tíminn út lýkur leikurinn umferðinni fyrir þig (lokar röðinni
  eða lýkur umferðinni ef hægt er; annars dregur þú 1).

## Húsreglur (okkar, ekki prentuðu reglurnar)
- Litlaust upphafsspil fer neðst í dráttarbunkann; næsta spili er snúið við.
- Gestgjafinn velur hver byrjar (af handahófi sjálfgefið).
- Þú mátt draga þótt þú getir sett spil (nema borðið segi *skylt að spila*).

## Lyklar
| lykill | gerir |
|---|---|
| ←/→, 1-9, 0, f… | velja spil (eða lykillinn fyrir ofan það) |
| Enter, smellur | setja það |
| o | höndin eftir lit eða eins og gefið var |
| d | draga |
| c | loka TAKI |
| e | ljúka umferð (eftir Kóng eða til að skilja TAKI eftir opið) |
| l | segja „síðasta spil“ |
| b / p | brjóta +3 / hleypa því í gegn |
| K | spila Kóngi (hann ógildir uppsafnaða +2 eða +3) |
| 1-4 | velja lit Litaskipta (rauður, grænn, blár, gulur) |
| t | spjall (Enter sendir, Esc fer aftur í leikinn) |
| s, a, A, x, r | gestgjafi: byrja, bæta við tölvu / auðveldri tölvu, fjarlægja tölvu, nýr leikur |
| v | fara í gegnum lokinn leik skref fyrir skref (→ / ← í endurspilun) |
| S | staðan við þetta borð í kvöld (líka í anddyrinu) |
| H | vísbending: hvað sterk tölva myndi spila og hvers vegna (borð með vísbendingum) |
| q | fara frá borðinu |
| ? | þessi hjálp (Esc lokar henni) |
"""
