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
    "turn": "tími á leik",
    "Id": "Nr.",
    "Table": "Borð",
    "Seats": "Sæti",
    "State": "Staða",
    "Watching": "Áhorfendur",
    "Options": "Valkostir",
    "No tables yet: press n to open one.": "Engin borð enn: ýttu á n til að opna borð.",
    "n new table · Enter join · w watch · ? help · q back": (
        "n nýtt borð · Enter setjast · w horfa · ? hjálp · q til baka"
    ),
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
    "stage {n}": "stig {n}",
    "LAST CARD!": "SÍÐASTA SPIL!",
    "Leading card": "Fremsta spil",
    "Colour": "Litur",
    "Draw pile": "Dráttarbunki",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Þú hýsir borðið: a bætir við tölvu, x fjarlægir tölvu, s byrjar leikinn."
    ),
    "Waiting for the host to start the game.": "Beðið eftir að gestgjafinn hefji leikinn.",
    "Game over.": "Leik lokið.",
    "{name} wins!": "{name} vinnur!",
    "r: rematch": "r: annar leikur",
    "+2 stack: {n}": "+2 stafli: {n}",
    "+3 from {name}": "+3 frá {name}",
    "open {color} TAKI": "opið {color} TAKI",
    "{color} TAKI run": "{color} TAKI í gangi",
    "Plus: play one more card or draw": "Plús: spilaðu einu spili í viðbót eða dragðu",
    "King: play any card or end the turn (e)": (
        "Kóngur: spilaðu hvaða spili sem er eða ljúktu leik (e)"
    ),
    "Your move!": "Þú átt leik!",
    "Waiting for {name}": "Beðið eftir {name}",
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
    "add bot": "bæta við tölvu",
    "remove bot": "fjarlægja tölvu",
    "start": "byrja",
    "rematch": "annar leikur",
    "replay": "endurspilun",
    "That card cannot be played now.": "Ekki má spila þessu spili núna.",
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
    "Change Direction": "Breyta stefnu",
    "Plus": "Plús",
    "Change Colour": "Breyta lit",
    "Super TAKI": "Super TAKI",
    "King": "Kóngur",
    "+3 Breaker": "+3 Breaker",
    "1 card": "1 spil",
    "{n} cards": "{n} spil",
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
    "{who} ended the turn": "{who} lauk leik",
    "{who} let the +3 through": "{who} sagði pass við +3",
    "{who} broke the +3!": "{who} braut +3!",
    "{who}: turn skipped": "{who}: leik sleppt",
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
    "You ended the turn": "Þú laukst leik",
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
}

RULES: str = """\
# TAKI

**Markmið**: að tæma höndina á undan hinum. Spilaðu spili sem passar við **lit** eða
**tákn** fremsta spilsins, eða litlausu spili; eða dragðu eitt spil (þá fer röðin áfram).

**Síðasta spil**: ef þú átt eitt spil eftir þegar þú lýkur leik verðurðu að hafa sagt
*síðasta spil* (takki **l**) í sama leik, annars dregurðu 4.

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
| r, g, b, y | velja lit fyrir Breyta lit (rautt, grænt, blátt, gult) |
| t | spjall |
| s, a, A, x, r | gestgjafi: byrja, ný einföld tölva, slembitölva, fjarlægja tölvu, annar leikur |
| v | fara skref fyrir skref yfir leikinn sem lauk (→ / ← í endurspiluninni) |
| q | yfirgefa borðið |
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
