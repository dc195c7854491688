"""Bulgarian (Български): the UI strings and the rules help.

Game terms are the ones Bulgarian card players use: горна карта, тесте за теглене,
последна карта, затворен TAKI, Смяна на цвета / на посоката, Крал, Разбивач на +3, турнир
на етапи.
"""

MESSAGES: dict[str, str] = {
    "{name}'s table": "Масата на {name}",
    # app
    "this computer": "този компютър",
    "A name is 1 to {n} printable characters.": "Името трябва да е от 1 до {n} видими знака.",
    "Friends join with:": "Приятелите се включват с:",
    "Not connected.": "Няма връзка.",
    "Type an address like 192.168.1.23:8254": "Въведете адрес като 192.168.1.23:8254",
    "no answer": "няма отговор",
    "Not connected: retrying...": "Няма връзка: нов опит...",
    "Connection lost: reconnecting...": "Връзката прекъсна: ново свързване...",
    "Connection": "Връзка",
    "Refused": "Отказано",
    "Your seat is gone: the table closed or a bot took it.": (
        "Мястото ви вече го няма: масата е затворена или бот го е заел."
    ),
    "New game: you start.": "Нова игра: вие започвате.",
    "New game: {name} starts.": "Нова игра: {name} започва.",
    # lobby
    "stairs": "турнир",
    "must play": "задължителна игра",
    "places": "класиране",
    "turn": "ход",
    "Id": "№",
    "Table": "Маса",
    "Seats": "Места",
    "State": "Състояние",
    "Watching": "Зрители",
    "Options": "Опции",
    "No tables yet: press n to open one.": "Още няма маси: натиснете n, за да отворите една.",
    "Press q again to quit.": "Натиснете q отново за изход.",
    "New table": "Нова маса",
    "(Enter creates, Esc cancels)": "(Enter създава, Esc отказва)",
    "Name": "Име",
    "Seats (2-10)": "Места (2-10)",
    "Stairs (8-stage tournament)": "Турнир (8 етапа)",
    "Must play if able (no drawing while you can play)": (
        "Задължителна игра (без теглене, докато можете да играете)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "Игра за класиране (продължава се за 2-ро, 3-то ... място)"
    ),
    "Turn timer in seconds (0: none)": "Време за ход в секунди (0: без ограничение)",
    "+3 answer window in seconds": "Време за отговор на +3 в секунди",
    "Seats must be between 2 and 10.": "Местата трябва да са между 2 и 10.",
    "The +3 window must be 1 to 60 seconds.": "Времето за +3 трябва да е от 1 до 60 секунди.",
    "The turn timer must be 0 or 5 to 600 seconds.": (
        "Времето за ход трябва да е 0 или от 5 до 600 секунди."
    ),
    "Give the table a name.": "Дайте име на масата.",
    "Lobby": "Фоайе",
    # ssh guests (server/ssh/)
    "You play as {name}": "Играете като {name}",
    "Your ssh user name cannot be a name here: you play as {name}.": (
        "Потребителското ви име в ssh не може да бъде име тук: "
        "играете като {name}."
    ),
    "A guest plays on this server only.": "Гостът играе само на този сървър.",
    "Create": "Създай",
    "Cancel": "Отказ",
    # table states (protocol TABLE_STATES, shown through _(info.state))
    "waiting": "изчакване",
    "playing": "в игра",
    "over": "приключила",
    # start
    "Starting a table with three bots...": "Създава се маса с трима бота...",
    "Starting a server for your LAN...": "Стартира се сървър за локалната ви мрежа...",
    "Your name": "Вашето име",
    "p play now · h host · j join · ? help · q quit": (
        "p игра · h домакин · j влизане · ? помощ · q изход"
    ),
    "Play now": "Играй сега",
    "Host a game for the LAN": "Създай игра в локалната мрежа",
    "host:port": "хост:порт",
    "Join": "Включи се",
    # table
    "Name the new colour:": "Изберете новия цвят:",
    "Esc: cancel": "Esc: отказ",
    "t: chat": "t: чат",
    "(watching)": "(гледате)",
    "(spectator)": "(зрител)",
    "Players": "Играчи",
    "(free seat)": "(свободно място)",
    "you": "вие",
    "bot": "бот",
    "disconnected": "без връзка",
    "stage {n}": "етап {n}",
    "LAST CARD!": "ПОСЛЕДНА КАРТА!",
    "Leading card": "Горна карта",
    "Colour": "Цвят",
    "Draw pile": "Купчина за теглене",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Вие сте домакин: a добавя бот, x маха бот, s започва играта."
    ),
    "Waiting for the host to start the game.": "Изчаква се домакинът да започне играта.",
    "Game over.": "Край на играта.",
    "{name} wins!": "{name} печели!",
    "r: rematch": "r: реванш",
    "+2 stack: {n}": "натрупани +2: {n}",
    "+3 from {name}": "+3 от {name}",
    "open {color} TAKI": "отворен {color} TAKI",
    "{color} TAKI run": "серия TAKI, {color}",
    "Plus: play one more card or draw": "Плюс: изиграйте още една карта или теглете",
    "King: play any card or end the turn (e)": (
        "Крал: изиграйте коя да е карта или приключете хода (e)"
    ),
    "Your move!": "Ваш ход!",
    "Waiting for {name}": "Изчаква се {name}",
    "draw": "тегли",
    "close TAKI": "затвори TAKI",
    "end turn": "край на хода",
    "last card": "последна карта",
    "break +3": "разбий +3",
    "pass": "пас",
    "choose": "избор",
    "play": "играй",
    "chat": "чат",
    "help": "помощ",
    "leave": "изход",
    "add bot": "добави бот",
    "remove bot": "махни бот",
    "start": "старт",
    "rematch": "реванш",
    "replay": "повторение",
    "Press q again to leave the game (a bot will take your seat).": (
        "Натиснете q отново, за да напуснете играта: бот ще заеме мястото ви."
    ),
    # seat changes (state)
    "{name} sat down": "{name} седна на масата",
    "{name} left": "{name} напусна масата",
    "{name} left; a bot plays the seat": "{name} напусна масата: на мястото играе бот",
    "A bot stands in for {name}": "Бот замества {name}",
    "{name} lost the connection": "{name} загуби връзка",
    "{name} is back": "{name} се върна",
    # cards and colours (words); masculine colour words, as for цвят, Стоп, Плюс, Крал, TAKI
    "red": "червен",
    "green": "зелен",
    "blue": "син",
    "yellow": "жълт",
    "{color} {card}": "{color} {card}",
    "Stop": "Стоп",
    "Change Direction": "Смяна на посоката",
    "Plus": "Плюс",
    "Change Colour": "Смяна на цвета",
    "Super TAKI": "Супер TAKI",
    "King": "Крал",
    "+3 Breaker": "Разбивач на +3",
    # the game log (words)
    "{who} played {card}": "{who} изигра {card}",
    "colour is now {color}": "цветът вече е {color}",
    "{who} drew {cards}": "{who} изтегли {cards}",
    "(+2 stack)": "(натрупани +2)",
    "(owed after a Plus)": "(дължима след Плюс)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(+3 беше разбит)",
    "(+3 Breaker penalty)": "(наказание за Разбивач на +3)",
    "(did not declare last card)": "(не е обявена „последна карта“)",
    "(next stage)": "(следващ етап)",
    "{who} declared last card": "{who} обяви „последна карта“",
    "{who} closed the TAKI": "{who} затвори TAKI",
    "{who} left the TAKI open": "{who} остави TAKI отворен",
    "{who} ended the turn": "{who} приключи хода",
    "{who} let the +3 through": "{who} пасува на +3",
    "{who} broke the +3!": "{who} разби +3!",
    "{who}: turn skipped": "{who}: пропуснат ход",
    "{who} cleared a stage: now stage {n}": "{who} премина етап: вече е на етап {n}",
    "Direction reversed": "Посоката е обърната",
    "The discard pile was shuffled into a new draw pile": (
        "Купчината за изхвърляне е разбъркана в нова купчина за теглене"
    ),
    "{who} cancelled the +{n} stack with a King": "{who} отмени натрупаните +{n} с Крал",
    "{who} cancelled the +3 with a King": "{who} отмени +3 с Крал",
    "{who} wins!": "{who} печели!",
    "{who} finishes in place {n}": "{who} завършва на място {n}",
    # the game log, the player's own events (words)
    "You played {card}": "Вие изиграхте {card}",
    "You drew {cards}": "Вие изтеглихте {cards}",
    "You declared last card": "Вие обявихте „последна карта“",
    "You closed the TAKI": "Вие затворихте TAKI",
    "You left the TAKI open": "Вие оставихте TAKI отворен",
    "You ended the turn": "Вие приключихте хода",
    "You let the +3 through": "Вие пасувахте на +3",
    "You broke the +3!": "Вие разбихте +3!",
    "Your turn is skipped": "Вашият ход е пропуснат",
    "You cleared a stage: now stage {n}": "Вие преминахте етап: вече сте на етап {n}",
    "You cancelled the +{n} stack with a King": "Вие отменихте натрупаните +{n} с Крал",
    "You cancelled the +3 with a King": "Вие отменихте +3 с Крал",
    "You win!": "Вие печелите!",
    "You finish in place {n}": "Вие завършвате на място {n}",
    # LAN discovery (start screen)
    "Cannot look for games on this network: join by address.": (
        "Не може да се търсят игри в тази мрежа: включете се по адрес."
    ),
    "Games on your network (g):": "Игри във вашата мрежа (g):",
    "Looking for games on your network...": "Търсят се игри във вашата мрежа...",
    "open tables: {count}": "отворени маси: {count}",
    "another version of taki": "друга версия на taki",
    "Joining {address}...": "Свързване с {address}...",
    # replay (a finished game, step by step)
    "Replay": "Повторение на играта",
    "step {n} of {total}": "стъпка {n} от {total}",
    "The deal.": "Раздаването.",
    "This replay does not follow the rules here; it stops.": (
        "Тук записът не следва правилата; повторението спира."
    ),
    "→ forward · ← back · PgUp/PgDn ten · Home/End · q close": (
        "→ напред · ← назад · PgUp/PgDn по десет · Home/End · q затваряне"
    ),
    'No game is being played here yet.': 'Тук още не се играе.',
    'The game is over.': 'Играта свърши.',
    'You are watching: spectators do not play.': 'Вие гледате: зрителите не играят.',
    'You have finished: the others play on.': 'Вие свършихте: останалите продължават.',
    'Not your turn: waiting for {name}.': 'Не е ваш ред: чакаме {name}.',
    'You do not hold that card.': 'Нямате тази карта.',
    'Match {color} or {symbol}, or play a colourless card.': (
        'Цвят {color} или {symbol}, или безцветна карта.'
    ),
    'A +2 stack is live: add a +2, play a King, or draw {n} (d).': (
        'Има натрупани +2: добавете +2, играйте Крал или теглете {n} (d).'
    ),
    'Inside your TAKI run: only {color}, Super TAKI or Change Colour.': (
        'Във вашата серия TAKI: само {color}, Супер TAKI или Смяна на цвета.'
    ),
    'A +3 is pending: only a King answers it on your turn, or pass (p).': (
        'Чака +3: на ваш ред отговаря само Крал, иначе пас (p).'
    ),
    'A +3 is pending: break it (b) or let it through (p).': (
        'Чака +3: разбийте го (b) или го пропуснете (p).'
    ),
    'There is no +3 to answer.': 'Няма +3, на който да отговорите.',
    'Nobody answers their own +3.': 'Никой не отговаря на своя +3.',
    'You already let this +3 through.': 'Вече пропуснахте този +3.',
    'You hold no +3 Breaker.': 'Нямате Разбивач на +3.',
    'Nothing to close: you have no TAKI run.': 'Няма какво да затворите: нямате серия TAKI.',
    'A TAKI alone cannot be closed: play a card on it first.': (
        'Сам TAKI не се затваря: първо сложете карта върху него.'
    ),
    'No drawing inside your TAKI run: play, close (c) or end it (e).': (
        'В серия TAKI не се тегли: играйте, затворете (c) или я прекъснете (e).'
    ),
    'After a King: play any card or end the turn (e).': (
        'След Крал: играйте каквато и да е карта или приключете хода (e).'
    ),
    'This table says must play: you hold a card you can play.': (
        'На тази маса играта е задължителна: имате карта за игра.'
    ),
    'A Plus needs one more card: match {color} or {symbol}, or draw (d).': (
        'Плюсът иска още една карта: {color} или {symbol}, иначе теглете (d).'
    ),
    'A Plus needs one more card, or draw (d).': 'Плюсът иска още една карта, иначе теглете (d).',
    "Nothing to end: e ends a King's turn or leaves a TAKI open.": (
        'Няма какво да приключите: e приключва хода след Крал или оставя TAKI отворен.'
    ),
    'You already declared last card this turn.': 'Вече обявихте „последна карта“ този ход.',
    'Not allowed now.': 'Сега не е позволено.',
    'How to play TAKI': 'Как се играе TAKI',
    'Be the first to empty your hand.': 'Изпразнете ръката си първи.',
    "Play a card of the leading card's colour or symbol, or draw one card.": (
        'Играйте карта с цвета или символа на горната карта или изтеглете една.'
    ),
    'Bright cards can be played now: choose one with ←/→ or its key,': (
        'Ярките карти може да се играят сега: изберете с ←/→ или клавиша ѝ,'
    ),
    'then press {enter}.': 'после натиснете {enter}.',
    'Stop skips the next player; +2 stacks up; TAKI lets you play': (
        'Стоп пропуска следващия, +2 се трупат, TAKI ви позволява да изиграете'
    ),
    'whole runs of its colour; King cancels +2 stacks and +3.': (
        'цяла серия от цвета си, Крал отменя натрупани +2 или +3.'
    ),
    'With one card left, say last card (l) or draw 4.': (
        'С една карта в ръка обявете последна карта (l), иначе теглите 4.'
    ),
    'The table tells you why a card or key is refused.': (
        'Масата ви казва защо карта или клавиш е отказан.'
    ),
    "? shows the full rules, the screen's signs and every key.": (
        '? показва всички правила, знаците на екрана и клавишите.'
    ),
    '{esc}: start playing (shown once)': '{esc}: към играта (показва се веднъж)',
    'STOP': 'СТОП',
    'PLUS': 'ПЛЮС',
    'COLOUR': 'ЦВЯТ',
    'SUPER': 'СУПЕР',
    'KING': 'КРАЛ',
    'BREAK': 'РАЗБ.',
    'R': 'Ч',
    'G': 'З',
    'B': 'С',
    'Y': 'Ж',
    'short|STOP': 'СТОП',
    'short|PLUS': 'ПЛЮС',
    'short|COL': 'ЦВЯТ',
    'short|SUP': 'СУП.',
    'short|KING': 'КРАЛ',
    'short|BRK': 'РАЗБ',
    '{n} more': 'още {n}',
    'Hand: as dealt': 'Ръка: както е раздадена',
    'Hand: sorted by colour': 'Ръка: подредена по цвят',
    "Draw pile: {n}": "Тесте: {n}",
    "{n}s": "{n} с",
    "{n} card": "{n} карта",
    "{n} cards": "{n} карти",
    'You did not say last card: you draw {n}': 'Не обявихте последна карта: теглите {n}',
    '{who} did not say last card: draws {n}': '{who} не обяви последна карта: тегли {n}',
    'Time ran out: your turn ends': 'Времето изтече: ходът ви приключва',
    'Time ran out for {who}': 'Времето на {who} изтече',
    '+3 from you: the others answer': 'Вашият +3: останалите отговарят',
    '+3 from {who}: break it (b) or let it through (p)': (
        '+3 от {who}: разбийте го (b) или го пропуснете (p)'
    ),
    'You said last card': 'Обявихте „последна карта“',
    '{who} said last card': '{who} обяви „последна карта“',
    'A bot played {card} for {who}': 'Бот изигра {card} вместо {who}',
    'A bot drew {cards} for {who}': 'Бот изтегли {cards} вместо {who}',
    'passed: {names}': 'пропуснаха: {names}',
    'Your turn': 'Ваш ред',
    "{drew}: {cards}": "{drew}: {cards}",
    'Finished games': 'Изиграни игри',
    'Enter step through the game · q back': 'Enter преглед на играта стъпка по стъпка · q назад',
    'Game': 'Игра',
    'Winner': 'Победител',
    'Asking the server...': 'Питаме сървъра...',
    'No finished games on this server yet.': 'На този сървър още няма приключени игри.',
    'new table': 'нова маса',
    'join': 'влез',
    'watch': 'гледай',
    'finished games': 'изиграни игри',
    'settings': 'настройки',
    'back': 'назад',
    'Settings': 'Настройки',
    'Your name as a spectator': 'Името ви като зрител',
    'Spectator': 'Зрител',
    'Save': 'Запази',
    'Settings saved.': 'Настройките са запазени.',
    'Only the host ({name}) can do that.': 'Само домакинът ({name}) може да направи това.',
    'Only after the game: r starts a rematch.': 'Само след играта: r започва реванш.',
    'Only before the game starts.': 'Само преди началото на играта.',
    'The replay opens when the game is over.': 'Повторението се отваря, когато играта свърши.',
    '* kept by this client for the session': '* пазена от този клиент до края на сесията',
    # issue 11: seats that come back, stand-ins, a server that cannot save
    "A bot": "Бот",
    "{line} for you": "{line} вместо вас",
    "{line} (a bot stands in)": "{line} (бот замества)",
    "A bot now plays for {name}": "Бот вече играе за {name}",
    "{name} took their seat back": "{name} си върна мястото",
    "Moves are saved again: the table goes on.": "Ходовете отново се записват: масата продължава.",
    "The server cannot save moves right now: the table waits until it can.": (
        "Сървърът не може да запише ходовете в момента: масата чака."
    ),
    "give the seat back to {name}": "върни мястото на {name}",
}

RULES = """\
# TAKI

**Цел**: да изпразните ръката си първи. Изиграйте карта със същия **цвят** или **символ**
като горната карта, или безцветна карта; или изтеглете една карта (ходът ви приключва).

**Последна карта**: ако ходът ви завърши с една карта в ръка, трябва през този ход да сте
казали *последна карта* (клавиш **l**), иначе теглите 4.

## Екранът
- Ръката ви, подредена по цвят: **ярките** карти може да се играят сега, бледите — не.
  Над всяка карта: клавишът ѝ и първата буква на цвета ѝ (безцветните нямат).
  Дългата ръка свива картите си, после се превърта: *‹ още 3* и *още 3 ›* броят
  скритите карти; стрелките (или щракване върху знака) ги показват.
- ▶ показва кой е на ход, ★ — домакина на масата; стрелката след *Играчи* показва
  посоката на играта. *ПОСЛЕДНА КАРТА!* до име: този играч я е обявил.
- Редът под горната карта казва какво тече (натрупани +2, +3 и оставащите секунди,
  серия TAKI) и, когато клавиш или карта бъде отказан, защо.

## Тестето и раздаването
- 116 карти в четири цвята (червен, зелен, син, жълт): по две от всяко число 1, 3 до 9
  (няма обикновено 2: +2 е единственото 2) и по две Стоп, +2, Смяна на посоката, Плюс
  и TAKI във всеки цвят.
- Безцветни: Смяна на цвета (4), Супер TAKI, Крал, +3, Разбивач на +3 (по 2). Играят
  се върху всеки цвят (всяка по свое правило) и оставят цвета какъвто е, освен Смяна на
  цвета, която обявява нов.
- Всеки получава по 8 карти; следващата се обръща като горна карта. Празното тесте за
  теглене се прави отново от разбърканите изиграни карти (горната остава).

## Карти за действие
- **Стоп**: следващият играч е пропуснат (при 2 играчи играете отново).
- **+2**: следващият играч добавя +2, играе Крал или тегли всички натрупани карти.
- **Смяна на посоката** (<->): играта продължава в обратната посока (при 2 играчи нищо
  не се променя).
- **Плюс**: изиграйте още една карта (тя трябва да съвпада) или изтеглете 1. С Плюс не
  може да се спечели.
- **TAKI**: изиграйте колкото искате карти от неговия цвят, после го **затворете**
  (клавиш **c**); важи само действието на последната карта. TAKI или Супер TAKI в
  серията се брои за още една карта. Ако го оставите отворен (**e**), следващият играч
  може да го продължи.
- **Смяна на цвета**: обявете новия цвят (не върху натрупани +2, нито върху чакащ +3).
- **Супер TAKI**: TAKI в текущия цвят.
- **Крал**: отменя натрупани +2 или +3; след това изиграйте коя да е една карта или
  приключете хода (**e**).
- **+3**: всички останали теглят по 3, освен ако някой не го **разбие** (**b**) с
  Разбивач на +3: тогава играчът на +3 тегли 3. Останалите могат да **пасуват** (**p**).
- **Разбивач на +3** на собствения ви ход: теглите 3; следващият играч следва картата
  под него.

## Отговорът на +3
- На +3 отговарят веднага всички останали, извън реда си: разбиват го с Разбивач или
  го пропускат; следващият играч може и да го отмени с Крал.
- Отговорът се затваря след няколко секунди (настройка на масата, по подразбиране 4;
  отброяването се вижда на екрана): който не е отговорил, го пропуска.

## Опции на масата
- *Турнир*: от 8 етапа. Изпразните ли ръката си, веднага се качвате с един етап
  и теглите толкова карти (7, после 6 ... накрая 1); печели първият, изпразнил ръка на
  етап 1.
- *Класиране*: след победителя останалите играят за 2-ро, 3-то ... място.
- *Задължителна игра*: не се тегли, докато имате карта за игра.
- *Време за ход*: когато времето ви изтече, играта приключва хода вместо вас (затваря
  серията или приключва хода, ако може; иначе теглите 1).

## Домашни правила (наши, не отпечатаните)
- Безцветна начална карта отива най-отдолу в тестето за теглене; обръща се следващата.
- Домакинът избира кой започва (по подразбиране случайно).
- Може да теглите дори когато можете да играете (освен ако масата е със *задължителна
  игра*).

## Клавиши
| клавиш | действие |
|---|---|
| ←/→, 1-9, 0 или клавишът върху картата | избор на карта |
| Enter или щракване | изиграване |
| o | ръката по цвят или както е раздадена |
| d | теглене |
| c | затваряне на TAKI |
| e | край на хода (след Крал или за да оставите TAKI отворен) |
| l | обявяване на „последна карта“ |
| b / p | разбиване / пропускане на +3 |
| r, g, b, y | избор на цвят за Смяна на цвета (червен, зелен, син, жълт) |
| t | чат |
| s, a, A, x, r | домакин: старт, добавяне на основен бот, на случаен бот, махане на бот, реванш |
| v | преглед на приключилата игра стъпка по стъпка (→ / ← в повторението) |
| q | напускане на масата |
| ? | тази помощ (Esc я затваря) |
"""

# LAN: hosting, unreachable servers, a stopped server, discovery (issue 12).
MESSAGES.update({
    "The server is back.": "Сървърът отново работи.",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "Порт {busy} е зает от друга програма, затова сървърът ви използва порт {port}."
    ),
    "The server was stopped: waiting for it...": "Сървърът беше спрян: изчакване...",
    "Cannot host": "Не може да се домакинства",
    "The server was stopped.": "Сървърът беше спрян.",
    "Cannot reach {address}: {reason}": "{address} е недостъпен: {reason}",
    "Trying again now...": "Нов опит сега...",
    "No such host: {host}.": "Няма такъв хост: {host}.",
    "Nothing answers at {address}.": "Нищо не отговаря на {address}.",
    "No answer from {address}.": "Няма отговор от {address}.",
    "e edit the address · b back · q quit": "e промяна на адреса · b назад · q изход",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "Нов опит след {seconds} s (опит {attempt})."
    ),
    "Cannot join {address}": "Не може да се влезе в {address}",
    "Enter: on to the lobby · i shows this again": "Enter: към фоайето · i показва това отново",
    "y quit and stop the server · n stay": "y изход и спиране на сървъра · n оставане",
    "Your server is running. Friends type one of these:": (
        "Сървърът ви работи. Приятелите въвеждат едно от тези:"
    ),
    "{count} other players are at your server. Quitting stops it for them too.": (
        "{count} други играчи са на вашия сървър. Изходът го спира и за тях."
    ),
    "(this machine)": "(този компютър)",
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "Не се търсят игри (TAKI_DISCOVERY=off): влезте по адрес."
    ),
    "No games found on this network (r looks again).": (
        "Няма намерени игри в тази мрежа (r търси отново)."
    ),
})

# The bots' level (client/levels.py).
MESSAGES.update({
    "easy": "лесно",
    "normal": "нормално",
    "strong": "силно",
    "Bots' level": "Ниво на ботовете",
    "Bots: {level} (l changes)": "Ботове: {level} (l сменя)",
})
