"""Icelandic (Íslenska): the UI strings and the rules help.

Game terms are the ones Icelandic card players use: efsta spil, dráttarbunki, síðasta
spil, lokað TAKI, Stopp, Plús, Kóngur, +3 brjótur, Litaskipti, Stefnuskipti; "umferð" is
a player's turn and "spil" the game, so no key reads as "end the game".
"""

MESSAGES: dict[str, str] = {
    "{name}'s table": "Borð: {name}",
    # app
    "this computer": "þessi tölva",
    "A name is 1 to {n} printable characters.": "Nafn er 1 til {n} prentanlegir stafir.",
    "Friends join with:": "Vinir tengjast með:",
    "Not connected.": "Ekki tengt.",
    "Type an address like 192.168.1.23:8254": "Sláðu inn vistfang eins og 192.168.1.23:8254",
    "no answer": "ekkert svar",
    "Not connected: retrying...": "Ekki tengt: reyni aftur...",
    "Connection lost: reconnecting...": "Tenging rofnaði: tengist aftur...",
    "Connection": "Tenging",
    "Refused": "Hafnað",
    "Your seat is gone: the table closed or a bot took it.": (
        "Sætið þitt er farið: borðinu var lokað eða tölva tók það."
    ),
    "New game: you start.": "Nýr leikur: þú byrjar.",
    "New game: {name} starts.": "Nýr leikur: {name} byrjar.",
    # lobby
    "stairs": "mót",
    "must play": "skylt að spila",
    "places": "um sæti",
    "turn": "tími á umferð",
    "Id": "Nr.",
    "Table": "Borð",
    "Seats": "Sæti",
    "State": "Staða",
    "Watching": "Áhorfendur",
    "Options": "Valkostir",
    "No tables yet: press n to open one.": "Engin borð enn: ýttu á n til að opna borð.",
    "Press q again to quit.": "Ýttu aftur á q til að hætta.",
    "New table": "Nýtt borð",
    "(Enter creates, Esc cancels)": "(Enter stofnar, Esc hættir við)",
    "Name": "Nafn",
    "Seats (2-10)": "Sæti (2-10)",
    "Stairs (8-stage tournament)": "Mót (8 stig)",
    "Must play if able (no drawing while you can play)": (
        "Skylt að spila ef hægt er (ekki dregið meðan þú getur spilað)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "Spilað um sæti (haldið áfram um 2., 3. ... sæti)"
    ),
    "Turn timer in seconds (0: none)": "Tími á umferð í sekúndum (0: engin mörk)",
    "+3 answer window in seconds": "Svartími við +3 í sekúndum",
    "Seats must be between 2 and 10.": "Sæti verða að vera 2 til 10.",
    "The +3 window must be 1 to 60 seconds.": "Svartími við +3 verður að vera 1 til 60 sekúndur.",
    "The turn timer must be 0 or 5 to 600 seconds.": (
        "Tími á umferð verður að vera 0 eða 5 til 600 sekúndur."
    ),
    "Give the table a name.": "Gefðu borðinu nafn.",
    "Lobby": "Anddyri",
    # ssh guests (server/ssh/)
    "You play as {name}": "Þú spilar sem {name}",
    "Your ssh user name cannot be a name here: you play as {name}.": (
        "SSH-notandanafnið þitt getur ekki verið nafn hér: "
        "þú spilar sem {name}."
    ),
    "A guest plays on this server only.": "Gestur spilar aðeins á þessum þjóni.",
    "Create": "Stofna",
    "Cancel": "Hætta við",
    # table states (protocol TABLE_STATES, shown through _(info.state))
    "waiting": "bíður",
    "playing": "í gangi",
    "over": "lokið",
    # start
    "Starting a table with three bots...": "Set upp borð með þremur tölvuspilurum...",
    "Starting a server for your LAN...": "Ræsi netþjón fyrir staðarnetið þitt...",
    "Your name": "Nafnið þitt",
    "p play now · h host · j join · ? help · q quit": (
        "p spila núna · h hýsa · j tengjast · ? hjálp · q hætta"
    ),
    "Play now": "Spila núna",
    "Host a game for the LAN": "Hýsa leik á staðarnetinu",
    "host:port": "vél:gátt",
    "Join": "Tengjast",
    # table
    "Name the new colour:": "Veldu nýja litinn:",
    "Esc: cancel": "Esc: hætta við",
    "t: chat": "t: spjall",
    "(watching)": "(áhorfandi)",
    "(spectator)": "(áhorfandi)",
    "Players": "Leikmenn",
    "(free seat)": "(laust sæti)",
    "you": "þú",
    "bot": "tölva",
    "disconnected": "ótengdur",
    "stage {n}": "stig {n}",
    "LAST CARD!": "SÍÐASTA SPIL!",
    "Leading card": "Efsta spil",
    "Colour": "Litur",
    "Draw pile": "Dráttarbunki",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Þú hýsir borðið: a bætir við tölvu, x fjarlægir tölvu, s byrjar leikinn."
    ),
    "Waiting for the host to start the game.": "Beðið eftir að gestgjafinn hefji leikinn.",
    "Game over.": "Spilinu er lokið.",
    "{name} wins!": "{name} vinnur!",
    "r: rematch": "r: nýtt spil",
    "+2 stack: {n}": "+2 stafli: {n}",
    "+3 from {name}": "+3 frá {name}",
    "open {color} TAKI": "opið {color} TAKI",
    "{color} TAKI run": "{color} TAKI í gangi",
    "Plus: play one more card or draw": "Plús: spilaðu einu spili í viðbót eða dragðu",
    "King: play any card or end the turn (e)": (
        "Kóngur: settu hvaða spil sem er eða ljúktu umferðinni (e)"
    ),
    "Your move!": "Þú átt leik!",
    "Waiting for {name}": "{name} á leik",
    "draw": "draga",
    "close TAKI": "loka TAKI",
    "end turn": "ljúka umferð",
    "last card": "síðasta spil",
    "break +3": "brjóta +3",
    "pass": "pass",
    "choose": "velja",
    "play": "spila",
    "chat": "spjall",
    "help": "hjálp",
    "leave": "fara",
    "add bot": "bæta við tölvu",
    "remove bot": "fjarlægja tölvu",
    "start": "byrja",
    "rematch": "nýtt spil",
    "replay": "endurspilun",
    "Press q again to leave the game (a bot will take your seat).": (
        "Ýttu aftur á q til að yfirgefa leikinn: tölva tekur við sætinu þínu."
    ),
    # seat changes (state)
    "{name} sat down": "{name} settist við borðið",
    "{name} left": "{name} fór frá borðinu",
    "{name} left; a bot plays the seat": "{name} fór frá borðinu: tölva tekur við sætinu",
    "A bot stands in for {name}": "Tölva spilar fyrir {name}",
    "{name} lost the connection": "{name} missti tenginguna",
    "{name} is back": "{name} kom aftur",
    # cards and colours (words); colour words are neuter, as for spil and TAKI
    "red": "rautt",
    "green": "grænt",
    "blue": "blátt",
    "yellow": "gult",
    "{color} {card}": "{color} {card}",
    "Stop": "Stopp",
    "Change Direction": "Stefnuskipti",
    "Plus": "Plús",
    "Change Colour": "Litaskipti",
    "Super TAKI": "Súper TAKI",
    "King": "Kóngur",
    "+3 Breaker": "+3 brjótur",
    # the game log (words); "spilaði:" keeps the card in the nominative
    "{who} played {card}": "{who} spilaði: {card}",
    "colour is now {color}": "nýr litur: {color}",
    "{who} drew {cards}": "{who} dró {cards}",
    "(+2 stack)": "(+2 stafli)",
    "(owed after a Plus)": "(eftir Plús)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(+3 var brotið)",
    "(+3 Breaker penalty)": "(víti fyrir +3 Breaker)",
    "(did not declare last card)": "(síðasta spil ekki sagt)",
    "(next stage)": "(næsta stig)",
    "{who} declared last card": "{who} sagði „síðasta spil“",
    "{who} closed the TAKI": "{who} lokaði TAKI",
    "{who} left the TAKI open": "{who} skildi TAKI eftir opið",
    "{who} ended the turn": "{who} lauk umferðinni",
    "{who} let the +3 through": "{who} sagði pass við +3",
    "{who} broke the +3!": "{who} braut +3!",
    "{who}: turn skipped": "{who}: umferð sleppt",
    "{who} cleared a stage: now stage {n}": "{who} kláraði stig: nú á stigi {n}",
    "Direction reversed": "Stefnunni snúið við",
    "The discard pile was shuffled into a new draw pile": (
        "Kastbunkinn var stokkaður í nýjan dráttarbunka"
    ),
    "{who} cancelled the +{n} stack with a King": "{who} ógilti +{n} staflann með Kóngi",
    "{who} cancelled the +3 with a King": "{who} ógilti +3 með Kóngi",
    "{who} wins!": "{who} vinnur!",
    "{who} finishes in place {n}": "{who} lendir í {n}. sæti",
    # the game log, the player's own events (words)
    "You played {card}": "Þú spilaðir: {card}",
    "You drew {cards}": "Þú dróst {cards}",
    "You declared last card": "Þú sagðir „síðasta spil“",
    "You closed the TAKI": "Þú lokaðir TAKI",
    "You left the TAKI open": "Þú skildir TAKI eftir opið",
    "You ended the turn": "Þú laukst umferðinni",
    "You let the +3 through": "Þú sagðir pass við +3",
    "You broke the +3!": "Þú braust +3!",
    "Your turn is skipped": "Leik þínum er sleppt",
    "You cleared a stage: now stage {n}": "Þú kláraðir stig: nú á stigi {n}",
    "You cancelled the +{n} stack with a King": "Þú ógiltir +{n} staflann með Kóngi",
    "You cancelled the +3 with a King": "Þú ógiltir +3 með Kóngi",
    "You win!": "Þú vinnur!",
    "You finish in place {n}": "Þú lendir í {n}. sæti",
    # LAN discovery (start screen)
    "Cannot look for games on this network: join by address.": (
        "Ekki hægt að leita að leikjum á þessu neti: tengstu með vistfangi."
    ),
    "Games on your network (g):": "Leikir á netinu þínu (g):",
    "Looking for games on your network...": "Leita að leikjum á netinu þínu...",
    "open tables: {count}": "opin borð: {count}",
    "another version of taki": "önnur útgáfa af taki",
    "Joining {address}...": "Tengist {address}...",
    # replay (a finished game, step by step)
    "Replay": "Endurspilun",
    "step {n} of {total}": "skref {n} af {total}",
    "The deal.": "Gjöfin.",
    "This replay does not follow the rules here; it stops.": (
        "Hér fylgir endurspilunin ekki reglunum; hún stöðvast."
    ),
    "→ forward · ← back · PgUp/PgDn ten · Home/End · q close": (
        "→ áfram · ← til baka · PgUp/PgDn tíu í einu · Home/End · q loka"
    ),
    'No game is being played here yet.': 'Hér er ekkert spil í gangi enn.',
    'The game is over.': 'Spilinu er lokið.',
    'You are watching: spectators do not play.': 'Þú horfir á: áhorfendur spila ekki.',
    'You have finished: the others play on.': 'Þú ert búin(n): hinir spila áfram.',
    'Not your turn: waiting for {name}.': 'Ekki þín umferð: beðið eftir {name}.',
    'You do not hold that card.': 'Þú ert ekki með þetta spil.',
    'Match {color} or {symbol}, or play a colourless card.': (
        'Settu {color} eða {symbol}, eða litlaust spil.'
    ),
    'A +2 stack is live: add a +2, play a King, or draw {n} (d).': (
        '+2 bunki er virkur: bættu við +2, settu Kóng eða dragðu {n} (d).'
    ),
    'Inside your TAKI run: only {color}, Super TAKI or Change Colour.': (
        'Í TAKI-röðinni þinni: aðeins {color}, Súper TAKI eða Litaskipti.'
    ),
    'A +3 is pending: only a King answers it on your turn, or pass (p).': (
        '+3 bíður: í þinni umferð svarar aðeins Kóngur, annars pass (p).'
    ),
    'A +3 is pending: break it (b) or let it through (p).': (
        '+3 bíður: brjóttu það (b) eða hleyptu því í gegn (p).'
    ),
    'There is no +3 to answer.': 'Það er ekkert +3 til að svara.',
    'Nobody answers their own +3.': 'Enginn svarar eigin +3.',
    'You already let this +3 through.': 'Þú hleyptir þessu +3 þegar í gegn.',
    'You hold no +3 Breaker.': 'Þú ert ekki með +3 brjót.',
    'Nothing to close: you have no TAKI run.': 'Engu að loka: þú ert ekki með TAKI-röð.',
    'A TAKI alone cannot be closed: play a card on it first.': (
        'Stöku TAKI er ekki hægt að loka: settu fyrst spil ofan á það.'
    ),
    'No drawing inside your TAKI run: play, close (c) or end it (e).': (
        'Ekki dregið í TAKI-röð: spilaðu, lokaðu (c) eða hættu (e).'
    ),
    'After a King: play any card or end the turn (e).': (
        'Eftir Kóng: settu hvaða spil sem er eða ljúktu umferðinni (e).'
    ),
    'This table says must play: you hold a card you can play.': (
        'Við þetta borð er skylt að spila: þú átt spil sem má setja.'
    ),
    'A Plus needs one more card: match {color} or {symbol}, or draw (d).': (
        'Plús þarf eitt spil í viðbót: {color} eða {symbol}, annars dragðu (d).'
    ),
    'A Plus needs one more card, or draw (d).': 'Plús þarf eitt spil í viðbót, annars dragðu (d).',
    "Nothing to end: e ends a King's turn or leaves a TAKI open.": (
        'Engu að ljúka: e lýkur umferð eftir Kóng eða skilur TAKI eftir opið.'
    ),
    'You already declared last card this turn.': (
        'Þú sagðir þegar „síðasta spil“ í þessari umferð.'
    ),
    'Not allowed now.': 'Ekki leyfilegt núna.',
    'How to play TAKI': 'Svona er TAKI spilað',
    'Be the first to empty your hand.': 'Vertu fyrst(ur) til að losa þig við öll spilin.',
    "Play a card of the leading card's colour or symbol, or draw one card.": (
        'Settu spil í lit eða með tákni efsta spilsins, eða dragðu eitt spil.'
    ),
    'Bright cards can be played now: choose one with ←/→ or its key,': (
        'Björtu spilin má setja núna: veldu eitt með ←/→ eða lykli þess'
    ),
    'then press {enter}.': 'og ýttu svo á {enter}.',
    'Stop skips the next player; +2 stacks up; TAKI lets you play': (
        'Stopp sleppir næsta spilara, +2 safnast upp, með TAKI seturðu'
    ),
    'whole runs of its colour; King cancels +2 stacks and +3.': (
        'heila röð í lit þess, Kóngur ógildir +2 bunka eða +3.'
    ),
    'With one card left, say last card (l) or draw 4.': (
        'Með eitt spil eftir segirðu síðasta spil (l), annars dregurðu 4.'
    ),
    'The table tells you why a card or key is refused.': (
        'Borðið segir þér hvers vegna spili eða lykli er hafnað.'
    ),
    "? shows the full rules, the screen's signs and every key.": (
        '? sýnir allar reglurnar, tákn skjásins og alla lykla.'
    ),
    '{esc}: start playing (shown once)': '{esc}: byrja að spila (sést bara einu sinni)',
    'STOP': 'STOPP',
    'PLUS': 'PLÚS',
    'COLOUR': 'LITUR',
    'SUPER': 'SÚPER',
    'KING': 'KÓNGUR',
    'BREAK': 'BRJÓT',
    'R': 'Ra',
    'G': 'Gr',
    'B': 'Bl',
    'Y': 'Gu',
    'short|STOP': 'STOP',
    'short|PLUS': 'PLÚS',
    'short|COL': 'LIT.',
    'short|SUP': 'SÚP.',
    'short|KING': 'KÓNG',
    'short|BRK': 'BRJ.',
    '{n} more': '{n} í viðbót',
    'Hand: as dealt': 'Hönd: eins og hún var gefin',
    'Hand: sorted by colour': 'Hönd: raðað eftir lit',
    "Draw pile: {n}": "Dráttarbunki: {n}",
    "{n}s": "{n} s",
    "{n} card": "{n} spil",
    "{n} cards": "{n} spil",
    'You did not say last card: you draw {n}': 'Þú sagðir ekki síðasta spil: þú dregur {n}',
    '{who} did not say last card: draws {n}': '{who} sagði ekki síðasta spil: dregur {n}',
    'Time ran out: your turn ends': 'Tíminn rann út: umferðinni þinni lýkur',
    'Time ran out for {who}': 'Tími {who} rann út',
    '+3 from you: the others answer': 'Þitt +3: hinir svara',
    '+3 from {who}: break it (b) or let it through (p)': (
        '+3 frá {who}: brjóttu það (b) eða hleyptu því í gegn (p)'
    ),
    'You said last card': 'Þú sagðir „síðasta spil“',
    '{who} said last card': '{who} sagði „síðasta spil“',
    'A bot played {card} for {who}': 'Tölva setti {card} fyrir {who}',
    'A bot drew {cards} for {who}': 'Tölva dró {cards} fyrir {who}',
    'passed: {names}': 'slepptu: {names}',
    'Your turn': 'Þín umferð',
    "{drew}: {cards}": "{drew}: {cards}",
    'Finished games': 'Lokin spil',
    'Enter step through the game · q back': (
        'Enter fara í gegnum spilið skref fyrir skref · q til baka'
    ),
    'Game': 'Spil',
    'Winner': 'Sigurvegari',
    'Asking the server...': 'Spyr þjóninn...',
    'No finished games on this server yet.': 'Engin lokin spil á þessum þjóni enn.',
    'new table': 'nýtt borð',
    'join': 'setjast',
    'watch': 'horfa',
    'finished games': 'lokin spil',
    'settings': 'stillingar',
    'back': 'til baka',
    'Settings': 'Stillingar',
    'Your name as a spectator': 'Nafnið þitt sem áhorfandi',
    'Spectator': 'Áhorfandi',
    'Save': 'Vista',
    'Settings saved.': 'Stillingar vistaðar.',
    'Only the host ({name}) can do that.': 'Aðeins gestgjafinn ({name}) getur gert þetta.',
    'Only after the game: r starts a rematch.': 'Aðeins eftir spilið: r byrjar nýtt spil.',
    'Only before the game starts.': 'Aðeins áður en spilið hefst.',
    'The replay opens when the game is over.': 'Endursýningin opnast þegar spilinu er lokið.',
    '* kept by this client for the session': '* geymt af þessum biðlara út lotuna',
    # issue 11: seats that come back, stand-ins, a server that cannot save
    "A bot": "Tölva",
    "{line} for you": "{line} fyrir þig",
    "{line} (a bot stands in)": "{line} (tölva leysir af)",
    "A bot now plays for {name}": "Tölva spilar nú fyrir {name}",
    "{name} took their seat back": "{name} tók sætið sitt aftur",
    "Moves are saved again: the table goes on.": "Leikir eru vistaðir aftur: borðið heldur áfram.",
    "The server cannot save moves right now: the table waits until it can.": (
        "Þjónninn getur ekki vistað leiki núna: borðið bíður."
    ),
    "give the seat back to {name}": "skila sætinu til {name}",
}

RULES = """\
# TAKI

**Markmið**: að losa sig fyrst(ur) við öll spilin. Settu spil í sama **lit** eða með sama
**tákni** og efsta spilið, eða litlaust spil; eða dragðu eitt spil (þá lýkur umferðinni
þinni).

**Síðasta spil**: ef umferðinni þinni lýkur með eitt spil á hendi verður þú að hafa sagt
*síðasta spil* (lykill **l**) í þeirri umferð, annars dregur þú 4.

## Skjárinn
- Höndin þín, raðað eftir lit: **björtu** spilin má setja núna, þau daufu ekki. Yfir
  hverju spili: lykill þess og upphafsstafur litarins (enginn á litlausu spili).
  Löng hönd þrengir spilin, svo rennur hún til: *‹ 3 í viðbót* og *3 í viðbót ›*
  telja spilin sem sjást ekki; örvarnar (eða smellur á merkið) sýna þau.
- ▶ sýnir hver á leik, ★ gestgjafa borðsins; örin á eftir *Spilarar* sýnir í hvaða átt
  er spilað. *SÍÐASTA SPIL!* við nafn: sá spilari hefur sagt það.
- Línan undir efsta spilinu segir hvað er í gangi (+2 bunki, +3 og sekúndurnar sem eftir
  eru, TAKI-röð) og, þegar lykli eða spili er hafnað, hvers vegna.

## Stokkurinn og gjöfin
- 116 spil í fjórum litum (rauðum, grænum, bláum, gulum): tvö af hverri tölu 1, 3 til 9
  (ekkert venjulegt 2: +2 er eina 2-an) og tvö Stopp, +2, Stefnuskipti, Plús og TAKI í
  hverjum lit.
- Litlaus: Litaskipti (4), Súper TAKI, Kóngur, +3, +3 brjótur (2 af hverju). Þau má setja
  á hvaða lit sem er (hvert eftir sinni reglu) og liturinn helst, nema Litaskipti, sem
  velja nýjan lit.
- Hver fær 8 spil; næsta spili er snúið upp sem efsta spilinu. Tæmist dráttarbunkinn er
  kastbunkinn stokkaður í nýjan (efsta spilið verður eftir).

## Aðgerðaspil
- **Stopp**: næsti spilari missir umferð (með 2 spilurum spilar þú aftur).
- **+2**: næsti spilari bætir við +2, setur Kóng eða dregur allan bunkann.
- **Stefnuskipti** (<->): spilað er í hina áttina (með 2 spilurum breytist ekkert).
- **Plús**: settu eitt spil í viðbót (það verður að passa) eða dragðu 1. Ekki er hægt að
  vinna á Plús.
- **TAKI**: settu eins mörg spil í lit þess og þú vilt og **lokaðu** því svo (lykill
  **c**); aðeins aðgerð síðasta spilsins gildir. TAKI eða Súper TAKI inni í röðinni telst
  eitt spil í viðbót. Ef þú skilur það eftir opið (**e**) má næsti spilari halda áfram.
- **Litaskipti**: veldu nýja litinn (ekki ofan á +2 bunka eða +3 sem bíður).
- **Súper TAKI**: TAKI í núverandi lit.
- **Kóngur**: ógildir +2 bunka eða +3; síðan seturðu hvaða eitt spil sem er, eða lýkur
  umferðinni (**e**).
- **+3**: allir hinir draga 3, nema einhver **brjóti** það (**b**) með +3 brjót: þá
  dregur sá sem setti +3 þrjú spil. Hinir geta **sleppt** (**p**).
- **+3 brjótur** í eigin umferð: þú dregur 3; næsti spilari fylgir spilinu undir honum.

## Svarið við +3
- Allir hinir svara +3 strax, utan umferðar: brjóta það með brjót eða hleypa því í
  gegn; næsti spilari getur líka ógilt það með Kóngi.
- Svarfresturinn lokast eftir nokkrar sekúndur (stilling borðsins, 4 sjálfgefið;
  niðurtalningin sést á skjánum): sá sem hefur ekki svarað hleypir því í gegn.

## Valkostir borðsins
- *Mót*: í 8 þrepum. Tæmirðu höndina færistu strax upp um þrep og dregur jafn
  mörg spil (7, svo 6 ... loks 1); sá fyrsti sem tæmir hönd á 1. þrepi vinnur.
- *Um sæti*: eftir sigurvegarann spila hinir áfram um 2., 3. ... sæti.
- *Skylt að spila*: ekki má draga meðan þú átt spil sem má setja.
- *Tímamörk*: renni tíminn út lýkur leikurinn umferðinni fyrir þig (lokar röðinni eða
  lýkur umferðinni ef hægt er; annars dregur þú 1).

## Húsreglur (okkar, ekki prentuðu reglurnar)
- Litlaust upphafsspil fer neðst í dráttarbunkann; næsta spili er snúið við.
- Gestgjafinn velur hver byrjar (af handahófi sjálfgefið).
- Þú mátt draga þótt þú getir spilað (nema borðið segi *skylt að spila*).

## Lyklar
| lykill | gerir |
|---|---|
| ←/→, 1-9, 0 eða lykillinn á spilinu | velja spil |
| Enter eða smella | setja það |
| o | höndin eftir lit eða eins og hún var gefin |
| d | draga |
| c | loka TAKI |
| e | ljúka umferð (eftir Kóng eða til að skilja TAKI eftir opið) |
| l | segja „síðasta spil“ |
| b / p | brjóta / sleppa +3 |
| r, g, b, y | velja lit Litaskipta (rauður, grænn, blár, gulur) |
| t | spjalla |
| s, a, A, x, r | gestgjafi: byrja, bæta við einfaldri / slembitölvu, fjarlægja tölvu, nýtt spil |
| v | fara í gegnum lokið spil skref fyrir skref (→ / ← í endursýningu) |
| q | fara frá borðinu |
| ? | þessi hjálp (Esc lokar henni) |
"""

# LAN: hosting, unreachable servers, a stopped server, discovery (issue 12).
MESSAGES.update({
    "The server is back.": "Þjónninn er kominn aftur.",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "Gátt {busy} er í notkun hjá öðru forriti, svo þjónninn þinn notar gátt {port}."
    ),
    "The server was stopped: waiting for it...": "Þjónninn var stöðvaður: beðið eftir honum...",
    "Cannot host": "Get ekki hýst",
    "The server was stopped.": "Þjónninn var stöðvaður.",
    "Cannot reach {address}: {reason}": "Næ ekki sambandi við {address}: {reason}",
    "Trying again now...": "Reyni aftur núna...",
    "No such host: {host}.": "Enginn slíkur hýsill: {host}.",
    "Nothing answers at {address}.": "Ekkert svarar á {address}.",
    "No answer from {address}.": "Ekkert svar frá {address}.",
    "e edit the address · b back · q quit": "e breyta vistfangi · b til baka · q hætta",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "Reyni aftur eftir {seconds} s (tilraun {attempt})."
    ),
    "Cannot join {address}": "Get ekki tengst {address}",
    "Enter: on to the lobby · i shows this again": "Enter: í anddyrið · i sýnir þetta aftur",
    "y quit and stop the server · n stay": "y hætta og stöðva þjóninn · n vera áfram",
    "Your server is running. Friends type one of these:": (
        "Þjónninn þinn er í gangi. Vinir slá inn eitt af þessu:"
    ),
    "{count} other players are at your server. Quitting stops it for them too.": (
        "{count} aðrir leikmenn eru á þjóninum þínum. Ef þú hættir stöðvast hann líka hjá þeim."
    ),
    "(this machine)": "(þessi vél)",
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "Ekki leitað að leikjum (TAKI_DISCOVERY=off): tengstu með vistfangi."
    ),
    "No games found on this network (r looks again).": (
        "Engir leikir fundust á þessu neti (r leitar aftur)."
    ),
})

# The bots' level (client/levels.py).
MESSAGES.update({
    "easy": "létt",
    "normal": "venjulegt",
    "strong": "erfitt",
    "Bots' level": "Styrkur tölvanna",
    "Bots: {level} (l changes)": "Tölvur: {level} (l breytir)",
})
