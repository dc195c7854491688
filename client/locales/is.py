"""Icelandic (Íslenska): the UI strings and the rules help.

Game terms follow the Icelandic TAKI rules text: fremsta spil, dráttarbunki, síðasta
spil, lokað TAKI, Stopp, Plús, Kóngur, +3 Breaker, TAKI mót í stigum.
"""

MESSAGES: dict[str, str] = {
    # app
    "this computer": "þessi tölva",
    "A name is 1 to 24 printable characters.": "Nafn er 1 til 24 prentanlegir stafir.",
    "Friends join with:": "Vinir tengjast með:",
    "Not connected.": "Ekki tengt.",
    "Type an address like 192.168.1.23:8254": "Sláðu inn vistfang eins og 192.168.1.23:8254",
    "no answer": "ekkert svar",
    "Connection lost: reconnecting in": "Tenging rofnaði: tengist aftur eftir",
    "Connection lost": "Tenging rofnaði",
    # lobby
    "stairs": "mót",
    "must play": "skylt að spila",
    "places": "um sæti",
    "turn": "tími á leik",
    "Table": "Borð",
    "Seats": "Sæti",
    "State": "Staða",
    "Watching": "Áhorfendur",
    "Options": "Valkostir",
    "No tables yet: press n to open one.": "Engin borð enn: ýttu á n til að opna borð.",
    "n new table · Enter join · w watch · ? help · q back": (
        "n nýtt borð · Enter setjast · w horfa · ? hjálp · q til baka"
    ),
    "New table": "Nýtt borð",
    "Name": "Nafn",
    "Seats (2-10)": "Sæti (2-10)",
    "Stairs (8-stage tournament)": "Mót (8 stig)",
    "Must play if able (no drawing while you can play)": (
        "Skylt að spila ef hægt er (ekki dregið meðan þú getur spilað)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "Spilað um sæti (haldið áfram um 2., 3. ... sæti)"
    ),
    "Turn timer in seconds (0: none)": "Tími á leik í sekúndum (0: engin mörk)",
    "+3 answer window in seconds": "Svartími við +3 í sekúndum",
    "Seats must be between 2 and 10.": "Sæti verða að vera 2 til 10.",
    "The +3 window must be 1 to 60 seconds.": "Svartími við +3 verður að vera 1 til 60 sekúndur.",
    "The turn timer must be 0 or 5 to 600 seconds.": (
        "Tími á leik verður að vera 0 eða 5 til 600 sekúndur."
    ),
    "Give the table a name.": "Gefðu borðinu nafn.",
    "Lobby": "Anddyri",
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
    "cards": "spil",
    "stage": "stig",
    "LAST CARD!": "SÍÐASTA SPIL!",
    "Leading card": "Fremsta spil",
    "Colour": "Litur",
    "Draw pile": "Dráttarbunki",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Þú hýsir borðið: a bætir við tölvu, x fjarlægir tölvu, s byrjar leikinn."
    ),
    "Waiting for the host to start the game.": "Beðið eftir að gestgjafinn hefji leikinn.",
    "Game over.": "Leik lokið.",
    "wins!": "vinnur!",
    "r: rematch": "r: annar leikur",
    "stack": "stafli",
    "from": "frá",
    "open TAKI": "opið TAKI",
    "TAKI run": "TAKI-runa",
    "Plus: play one more card or draw": "Plús: spilaðu einu spili í viðbót eða dragðu",
    "King: play any card or end the turn (e)": (
        "Kóngur: spilaðu hvaða spili sem er eða ljúktu leik (e)"
    ),
    "Your move!": "Þú átt leik!",
    "Waiting for": "Beðið eftir",
    "draw": "draga",
    "close TAKI": "loka TAKI",
    "end turn": "ljúka leik",
    "last card": "síðasta spil",
    "break +3": "brjóta +3",
    "pass": "pass",
    "choose": "velja",
    "play": "spila",
    "chat": "spjall",
    "help": "hjálp",
    "leave": "fara",
    "That card cannot be played now.": "Ekki má spila þessu spili núna.",
}

RULES: str = """\
# TAKI

**Markmið**: að tæma höndina á undan hinum. Spilaðu spili sem passar við **lit** eða
**tákn** fremsta spilsins, eða litlausu spili; eða dragðu eitt spil (þá fer röðin áfram).

**Síðasta spil**: ef þú átt eitt spil eftir þegar þú lýkur leik verðurðu að hafa sagt
*síðasta spil* (takki **l**, eða `!` með spilinu) í sama leik, annars dregurðu 4.

## Aðgerðarspil
- **Stopp**: næsta leikmanni er sleppt (með 2 leikmönnum átt þú aftur leik).
- **+2**: næsti leikmaður bætir við +2, spilar Kóngi eða dregur allan staflann.
- **Breyta stefnu** (<->): leikurinn snýst í hina áttina.
- **Plús**: spilaðu einu spili í viðbót (það verður að passa) eða dragðu 1. Ekki er hægt
  að vinna á Plús.
- **TAKI**: spilaðu eins mörgum spilum í lit þess og þú vilt og **lokaðu** því svo
  (takki **c**); aðeins aðgerð síðasta spilsins gildir. Ef þú skilur það eftir opið
  (**e**) má næsti leikmaður halda áfram með það.
- **Breyta lit**: veldu nýjan lit (ekki á +2 stafla eða á +3 sem bíður svars).
- **Super TAKI**: TAKI í virka litnum.
- **Kóngur**: ógildir +2 stafla eða +3; spilaðu svo hvaða einu spili sem er eða ljúktu
  leik (**e**).
- **+3**: allir hinir draga 3, nema einhver **brjóti** það (**b**) með +3 Breaker: þá
  dregur sá sem spilaði +3 þrjú spil. Hinir mega **segja pass** (**p**).
- **+3 Breaker** í eigin leik: þú dregur 3; næsti leikmaður fylgir spilinu undir því.

## Heimareglur (okkar eigin, ekki þær prentuðu)
- Litlaust upphafsspil fer neðst í dráttarbunkann; því næsta er snúið við.
- Gestgjafinn velur hver byrjar (sjálfgefið af handahófi).
- Þú mátt draga þótt þú gætir spilað (nema borðið sé með *skylt að spila*).
- Valkostir borðs: *mót* (mót í 8 stigum), *spilað um sæti*.

## Takkar
| takki | gerir |
|---|---|
| ←/→ eða 1-9 | velja spil |
| Enter eða smella | spila því |
| d | draga |
| c | loka TAKI |
| e | ljúka leik (eftir Kóng, eða til að skilja TAKI eftir opið) |
| l | segja „síðasta spil“ |
| b / p | brjóta / segja pass við +3 |
| t | spjall |
| s, a, x, r | gestgjafi: byrja, bæta við tölvu, fjarlægja tölvu, annar leikur |
| q | yfirgefa borðið |
| ? | þessi hjálp (Esc lokar henni) |
"""
