"""Bulgarian (Български): the UI strings and the rules help.

Game terms follow the Bulgarian TAKI rules text: водеща карта, купчина за теглене,
последна карта, затворен TAKI, Смяна на цвета / на посоката, Крал, Разбивач +3, турнир
на етапи.
"""

MESSAGES: dict[str, str] = {
    # app
    "this computer": "този компютър",
    "A name is 1 to 24 printable characters.": "Името трябва да е от 1 до 24 видими знака.",
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
    "n new table · Enter join · w watch · ? help · q back": (
        "n нова маса · Enter сядане · w гледане · ? помощ · q назад"
    ),
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
        "p игра сега · h домакин · j включване · ? помощ · q изход"
    ),
    "Play now": "Играй сега",
    "Host a game for the LAN": "Домакин на игра в локалната мрежа",
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
    "Leading card": "Водеща карта",
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
    "{color} TAKI run": "ход с {color} TAKI",
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
    "That card cannot be played now.": "Тази карта не може да се играе сега.",
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
    "+3 Breaker": "Разбивач +3",
    "1 card": "1 карта",
    "{n} cards": "{n} карти",
    # the game log (words)
    "{who} played {card}": "{who} изигра {card}",
    "colour is now {color}": "цветът вече е {color}",
    "{who} drew {cards}": "{who} изтегли {cards}",
    "(+2 stack)": "(натрупани +2)",
    "(owed after a Plus)": "(дължима след Плюс)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(+3 беше разбит)",
    "(+3 Breaker penalty)": "(наказание за Разбивач +3)",
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
}

RULES: str = """\
# TAKI

**Цел**: да изпразните ръката си първи. Изиграйте карта със същия **цвят** или **символ**
като водещата карта, или безцветна карта; или изтеглете една карта (ходът ви приключва).

**Последна карта**: ако ходът ви завърши с една карта в ръка, трябва през този ход да сте
казали *последна карта* (клавиш **l**), иначе теглите 4.

## Карти за действие
- **Стоп**: следващият играч е пропуснат (при 2 играчи играете отново).
- **+2**: следващият играч добавя +2, играе Крал или тегли всички натрупани карти.
- **Смяна на посоката** (<->): играта продължава в обратната посока.
- **Плюс**: изиграйте още една карта (тя трябва да съвпада) или изтеглете 1. С Плюс не
  може да се спечели.
- **TAKI**: изиграйте колкото искате карти от неговия цвят, после го **затворете**
  (клавиш **c**); важи само действието на последната карта. Ако го оставите отворен
  (**e**), следващият играч може да го продължи.
- **Смяна на цвета**: обявете новия цвят (не върху купчина +2, нито върху чакащ +3).
- **Супер TAKI**: TAKI в активния цвят.
- **Крал**: отменя купчина +2 или +3; след това изиграйте коя да е една карта или
  приключете хода (**e**).
- **+3**: всички останали теглят по 3, освен ако някой не го **разбие** (**b**) с
  Разбивач +3: тогава играчът на +3 тегли 3. Останалите могат да **пасуват** (**p**).
- **Разбивач +3** на собствения ви ход: теглите 3; следващият играч следва картата под
  него.

## Домашни правила (наши, не отпечатаните)
- Безцветна начална карта отива най-отдолу в купчината за теглене; обръща се следващата.
- Домакинът избира кой започва (по подразбиране случайно).
- Може да теглите дори когато можете да играете (освен ако масата е със *задължителна
  игра*).
- Опции на масата: *турнир* (турнир от 8 етапа), *игра за класиране*.

## Клавиши
| клавиш | действие |
|---|---|
| ←/→ или 1-9 | избор на карта |
| Enter или щракване | изиграване |
| d | теглене |
| c | затваряне на TAKI |
| e | край на хода (след Крал или за да оставите TAKI отворен) |
| l | казване на „последна карта“ |
| b / p | разбиване / пас на +3 |
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
