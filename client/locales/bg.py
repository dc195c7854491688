"""Bulgarian (Български): the UI strings, their plural forms and the rules help.

Terms follow docs/i18n/bg.md (the glossary a test checks): тесте, купчина за теглене,
изиграни карти, горна карта, ръка, ход, маса, повторение, етап, последна карта; the
cards Стоп, +2, Смяна на посоката, Плюс, TAKI, Смяна на цвета, Супер TAKI, Крал, +3,
Разбивач на +3. A coloured card agrees with its own gender: a number card is a карта
('червена 7'), Стоп, +2 and Плюс are masculine ('червен Стоп'), Смяна на посоката
feminine, TAKI neuter ('червено TAKI', like такси). The player is addressed with the
polite 'вие', and the pronoun is left out where the verb says it.
"""

KEYS: dict[str, str] = {
}
"""Key names as this language's keyboards print them (i18n.key)."""

MESSAGES: dict[str, str] = {
    # client/announce.py
    "Time ran out: your turn ends": "Времето изтече: ходът ви приключва",
    "Time ran out for {who}": "Времето на {who} изтече",
    "You did not say last card: you draw {n}": "Не казахте „последна карта“: теглите {n}",
    "{who} did not say last card: draws {n}": "{who} не каза „последна карта“: тегли {n}",
    "Your +3": "Вашият +3",
    "+3 from you: the others answer": "Вашият +3: останалите отговарят",
    "+3 from {who}: break it (b) or let it through (p)": (
        "+3 от {who}: разбийте (b) или пропуснете (p)"
    ),
    "+3 from {who}: break (b), pass (p) or King (K)":
        "+3 от {who}: разбийте (b), пас (p) или Крал (K)",
    "+3 from {who}: pass (p) or cancel it with a King (K)":
        "+3 от {who}: пас (p) или го отменете с Крал (K)",
    "+3 from {who}: let it through (p)": "+3 от {who}: пропуснете го (p)",
    "You said last card": "Казахте „последна карта“",
    "{who} said last card": "{who} каза „последна карта“",
    # client/app.py
    "Spectator": "Зрител",
    "Player": "Играч",
    "A name is 1 to {n} printable characters.": "Името трябва да е от 1 до {n} видими знака.",
    "Refused": "Отказано",
    "The local server did not start.": "Локалният сървър не стартира.",
    "The local server did not start ({detail}).": "Локалният сървър не стартира ({detail}).",
    "The local server did not start in time.": "Локалният сървър не стартира навреме.",
    "Type an address like 192.168.1.23:8254": "Въведете адрес, например 192.168.1.23:8254",
    "Type an address, e.g. 192.168.1.23:8254.": "Въведете адрес, например 192.168.1.23:8254.",
    "Put an IPv6 address in square brackets, then :port.": (
        "Поставете IPv6 адреса в квадратни скоби, после :порт."
    ),
    "The address has no host: write host:port, e.g. 192.168.1.23:8254.": (
        "Адресът няма хост: пишете хост:порт, например 192.168.1.23:8254."
    ),
    "Not a host name: {host}.": "Това не е име на хост: {host}.",
    "The port is not a number: {port}.": "Портът не е число: {port}.",
    "The port must be from 1 to 65535.": "Портът трябва да е от 1 до 65535.",
    "this computer": "този компютър",
    "{name}'s table": "Масата на {name}",
    "Cannot host": "Не може да се създаде сървър",
    "Port {busy} is taken by another program, so your server uses port {port}.": (
        "Порт {busy} е зает от друга програма, затова сървърът ви използва порт {port}."
    ),
    "No network found: only this machine can join ({address}).": (
        "Няма намерена мрежа: само тази машина може да се присъедини ({address})."
    ),
    "Friends join with:": "Приятелите се включват с:",
    # client/levels.py
    "easy": "лесно",
    "normal": "нормално",
    "strong": "трудно",
    # client/refusals.py
    "The game has started: watch it instead.": "Играта започна: гледайте я вместо това.",
    "The server could not read a message from this client.": (
        "Сървърът не можа да прочете съобщение от този клиент."
    ),
    "The server refused a message too long for it.": "Сървърът отказа твърде дълго съобщение.",
    "This client and the server share no protocol version: update one.": (
        "Този клиент и сървърът нямат обща версия на протокола: обновете единия."
    ),
    "The server waited too long for this client.": "Сървърът чака този клиент твърде дълго.",
    "This client read the server's messages too slowly.": (
        "Този клиент четеше съобщенията на сървъра твърде бавно."
    ),
    "The server takes no more connections right now.": (
        "Сървърът не приема повече връзки в момента."
    ),
    "Too many requests: the server closed the connection.": (
        "Твърде много заявки: сървърът затвори връзката."
    ),
    "The server could not take that request.": "Сървърът не можа да приеме тази заявка.",
    "The server does not know that request.": "Сървърът не познава тази заявка.",
    "The server did not expect that request now.": "Сървърът не очакваше тази заявка сега.",
    "Spectators cannot take or run a seat.": "Зрителите не могат да заемат или управляват място.",
    "Too many requests: wait a moment and try again.": (
        "Твърде много заявки: изчакайте малко и опитайте отново."
    ),
    "The server failed to carry that out.": "Сървърът не успя да изпълни това.",
    "The server cannot save right now: try again later.": (
        "Сървърът не може да записва в момента: опитайте по-късно."
    ),
    "The server holds as many tables as it can: join one.": (
        "Сървърът има толкова маси, колкото може: влезте в някоя."
    ),
    "Every seat at this table is taken.": "Всички места на тази маса са заети.",
    "That seat is taken.": "Това място е заето.",
    "There is no such seat.": "Няма такова място.",
    "Leave your table first.": "Първо напуснете масата си.",
    "Join or watch a table first.": "Първо влезте в маса или я гледайте.",
    "Only a seated player can do that.": "Само седнал играч може да направи това.",
    "Only the table's host can do that.": "Само домакинът на масата може да направи това.",
    "A person holds that seat, not a bot.": "Това място е на човек, не на бот.",
    "A game needs at least two seated players.": "За игра трябват поне двама седнали играчи.",
    "Not while a game is being played.": "Не и докато тече игра.",
    "No game is being played.": "В момента не тече игра.",
    "The game moved on meanwhile: look again.": "Играта продължи междувременно: погледнете отново.",
    "It is not your turn.": "Не е ваш ход.",
    "That colour does not go with that card.": "Този цвят не става за тази карта.",
    "The rules do not allow that now.": "Правилата не позволяват това сега.",
    "The server could not read that move.": "Сървърът не можа да прочете този ход.",
    "There is no such table.": "Няма такава маса.",
    "There is no such finished game.": "Няма такава изиграна игра.",
    "There is no table {table}.": "Няма маса {table}.",
    "There is no finished game number {game}.": "Няма изиграна игра номер {game}.",
    # client/screens/cannot_join.py
    "No such host: {host}.": "Няма такъв хост: {host}.",
    "Nothing answers at {address}.": "Никой не отговаря на {address}.",
    "No answer from {address}.": "Няма отговор от {address}.",
    "Cannot reach {address}.": "{address} е недостъпен.",
    "Cannot reach {address} ({detail}).": "{address} е недостъпен ({detail}).",
    "The server closed the connection.": "Сървърът затвори връзката.",
    "The server refused the connection.": "Сървърът отказа връзката.",
    "The connection was lost.": "Връзката прекъсна.",
    "The connection was lost ({detail}).": "Връзката прекъсна ({detail}).",
    "The server stopped answering: nothing heard for {seconds} s.": (
        "Сървърът спря да отговаря: нищо от {seconds} с."
    ),
    "Unreadable message from the server.": "Нечетимо съобщение от сървъра.",
    "Unreadable message from the server ({detail}).": "Нечетимо съобщение от сървъра ({detail}).",
    "That message cannot be sent.": "Това съобщение не може да се изпрати.",
    "That message cannot be sent ({detail}).": "Това съобщение не може да се изпрати ({detail}).",
    "host:port": "хост:порт",
    "e edit the address · b back · q quit": "e промяна на адреса · b назад · q изход",
    "Cannot join {address}": "Неуспешно свързване към {address}",
    "Trying again now...": "Нов опит...",
    "Trying again in {seconds} s (attempt {attempt}).": (
        "Нов опит след {seconds} с (опит {attempt})."
    ),
    # client/screens/help.py
    "card": "карта",
    "label": "надпис",
    "Card labels": "Надписите на картите",
    # client/screens/hosting.py
    "Your server is running. Friends type one of these:": (
        "Сървърът ви работи. Приятелите въвеждат една от тези команди:"
    ),
    "(this machine)": "(този компютър)",
    "Enter: on to the lobby · i shows this again": "Enter: към фоайето · i показва това отново",
    "y quit and stop the server · n stay": "y изход и спиране на сървъра · n оставане",
    # client/screens/intro.py
    "Be the first to empty your hand.": "Изпразнете ръката си преди другите.",
    "Play a card of the leading card's colour or symbol, or draw one card.": (
        "Играйте карта с цвета или символа на горната карта или изтеглете една."
    ),
    "Bright cards can be played now: choose one with ←/→ or its key,": (
        "Ярките карти може да се играят сега: изберете с ←/→ или с клавиша ѝ,"
    ),
    "then press {enter}.": "после натиснете {enter}.",
    "Stop skips the next player; +2 stacks up; TAKI lets you play": (
        "Стоп пропуска следващия, +2 се трупат, TAKI ви позволява да изиграете"
    ),
    "whole runs of its colour; King cancels +2 stacks and +3.": (
        "цяла серия от цвета си, Крал отменя натрупани +2 или +3."
    ),
    "With one card left, say last card (l) or draw 4.": (
        "С една карта в ръка кажете „последна карта“ (l), иначе теглите 4."
    ),
    "The table tells you why a card or key is refused.": (
        "Масата ви казва защо карта или клавиш не се приема."
    ),
    "? shows the full rules, the screen's signs and every key.": (
        "? показва всички правила, знаците на екрана и клавишите."
    ),
    "{esc}: close the help · {keys}: scroll": "{esc}: затваряне на помощта · {keys}: превъртане",
    "How to play TAKI": "Как се играе TAKI",
    "{esc}: start playing (shown once)": "{esc}: към играта (показва се само веднъж)",
    "{esc}: start watching (shown once)": "{esc}: към гледането на играта (показва се само веднъж)",
    # client/screens/lobby.py
    "stairs": "турнир",
    "must play": "задължителна игра",
    "places": "класиране",
    "{time} per turn": "{time} на ход",
    "(Enter creates, Esc cancels)": "(Enter създава, Esc отменя)",
    "New table": "Нова маса",
    "Name": "Име",
    "Seats (2-10)": "Места (2-10)",
    "Stairs (8-stage tournament)": "Турнир (8 етапа)",
    "Must play if able (no drawing while you can play)": (
        "Задължителна игра (без теглене, докато можете да играете)"
    ),
    "Play for places (play on for 2nd, 3rd ...)": (
        "Класиране (играта продължава за 2-ро, 3-то ... място)"
    ),
    "Turn timer in seconds (0: none)": "Време за ход в секунди (0: без ограничение)",
    "+3 answer window in seconds": "Време за отговор на +3 в секунди",
    "Bots' level": "Ниво на ботовете",
    "Create": "Създай",
    "Cancel": "Отказ",
    "Seats must be between 2 and 10.": "Местата трябва да са от 2 до 10.",
    "The +3 window must be 1 to 60 seconds.": "Времето за +3 трябва да е от 1 до 60 секунди.",
    "The turn timer must be 0 or 5 to 600 seconds.": (
        "Времето за ход трябва да е 0 или от 5 до 600 секунди."
    ),
    "Give the table a name.": "Дайте име на масата.",
    "Id": "№",
    "Options": "Опции",
    "Seats": "Места",
    "State": "Състояние",
    "Table": "Маса",
    "Watching": "Зрители",
    "Press q again to quit.": "Натиснете q отново за изход.",
    "Lobby": "Фоайе",
    "Not connected.": "Няма връзка.",
    "No tables to watch yet.": "Още няма маси за гледане.",
    "No tables yet: press n to open one.": "Още няма маси: натиснете n, за да отворите една.",
    "new table": "нова маса",
    "join": "сядане",
    "watch": "гледане",
    "finished games": "изиграни игри",
    "settings": "настройки",
    "help": "помощ",
    "back": "назад",
    "Settings saved.": "Настройките са запазени.",
    # client/screens/replay.py
    "This replay does not follow the rules here; it stops.": (
        "Тук записът не следва правилата; повторението спира дотук."
    ),
    "Replay": "Повторение",
    "step {n} of {total}": "стъпка {n} от {total}",
    "Leading card": "Горна карта",
    "Colour": "Цвят",
    "The deal.": "Раздаването.",
    "{name} wins!": "{name} печели!",
    "→ forward · ← back · {pgup}/{pgdn} ten · {home}/{end} · q close": (
        "→ напред · ← назад · {pgup}/{pgdn} по десет · {home}/{end} · q затваряне"
    ),
    # client/screens/replays.py
    "Finished games": "Изиграни игри",
    "Enter step through the game · q back": "Enter повторение стъпка по стъпка · q назад",
    "Game": "Игра",
    "Players": "Играчи",
    "Winner": "Победител",
    "Asking the server...": "Питаме сървъра...",
    "No finished games on this server yet.": "На този сървър още няма изиграни игри.",
    "* kept by this client for the session": "* пази се в този клиент до края на сесията",
    # client/screens/settings.py
    "Settings": "Настройки",
    "Your name": "Вашето име",
    "Your name as a spectator": "Името ви като зрител",
    "Bell on your turn": "Звуков сигнал при ваш ход",
    "Desktop notification on your turn": "Известие на работния плот при ваш ход",
    "Save": "Запази",
    # client/screens/start.py
    "Play now": "Играй сега",
    "Host a game for the LAN": "Създай игра в локалната мрежа",
    "Join": "Влез",
    "p play now · h host · j join · ? help · q quit": (
        "p игра · h създаване · j влизане · ? помощ · q изход"
    ),
    "Not looking for games (TAKI_DISCOVERY=off): join by address.": (
        "Не се търсят игри (TAKI_DISCOVERY=off): влезте по адрес."
    ),
    "Cannot look for games on this network: join by address.": (
        "В тази мрежа не може да се търсят игри: влезте по адрес."
    ),
    "Games on your network (g):": "Игри във вашата мрежа (g):",
    "No games found on this network (r looks again).": (
        "Няма намерени игри в тази мрежа (r търси отново)."
    ),
    "Looking for games on your network...": "Търсят се игри във вашата мрежа...",
    "open tables: {count}": "отворени маси: {count}",
    "another version of taki": "друга версия на taki",
    "Joining {address}...": "Свързване към {address}...",
    "Bots: {level} (l changes)": "Ниво на ботовете: {level} (l сменя)",
    "Starting a table with three bots...": "Създава се маса с три бота...",
    "Starting a server for your LAN...": "Стартира се сървър за локалната ви мрежа...",
    # client/screens/table.py
    "Name the new colour:": "Изберете новия цвят:",
    "Esc: cancel": "Esc: отказ",
    "name the colour": "избор на цвят",
    "cancel": "отказ",
    "t: chat": "t: чат",
    "(watching)": "(гледате)",
    "(spectator)": "(зрител)",
    "(free seat)": "(свободно място)",
    "you": "вие",
    "bot": "бот",
    "disconnected": "без връзка",
    "stage {n}": "етап {n}",
    "LAST CARD!": "ПОСЛЕДНА КАРТА!",
    "Draw pile: {n}": "За теглене: {n}",
    "You host this table: a add a bot, x remove a bot, s start.": (
        "Вие сте домакин: a добавя бот, x маха бот, s започва играта."
    ),
    "Waiting for the host to start the game.": "Чака се домакинът да започне играта.",
    "Waiting for the players to come back.": "Чака се играчите да се върнат.",
    "Game over.": "Край на играта.",
    "The host (★) can start a rematch.": "Домакинът (★) може да започне реванш.",
    "+3 from {name}": "+3 от {name}",
    "open {taki}": "отворено {taki}",
    "red TAKI run": "серия с червено TAKI",
    "green TAKI run": "серия със зелено TAKI",
    "blue TAKI run": "серия със синьо TAKI",
    "yellow TAKI run": "серия с жълто TAKI",
    "Plus: play one more card or draw": "Плюс: изиграйте още една карта или теглете",
    "King: play any card or end the turn (e)": (
        "Крал: изиграйте коя да е карта или приключете хода (e)"
    ),
    "Answer the +3!": "Отговорете на +3!",
    "Your move!": "Ваш ход!",
    "Your turn": "Ваш ход",
    "Waiting for {name}": "Чака се {name}",
    "send": "изпращане",
    "back to the game": "обратно към играта",
    "draw": "теглене",
    "close TAKI": "затваряне на TAKI",
    "end turn": "край на хода",
    "last card": "последна карта",
    "break +3": "разбиване на +3",
    "pass": "пас",
    "add bot": "добавяне на бот",
    "remove bot": "махане на бот",
    "start": "начало",
    "give the seat back to {name}": "връщане на мястото на {name}",
    "rematch": "реванш",
    "replay": "повторение",
    "choose": "избор",
    "play": "игра",
    "chat": "чат",
    "leave": "изход",
    "Hand: as dealt": "Ръка: както е раздадена",
    "Hand: sorted by colour": "Ръка: подредена по цвят",
    "Only the host ({name}) can do that.": "Само домакинът ({name}) може да направи това.",
    "Only after the game: r starts a rematch.": "Само след играта: r започва реванш.",
    "Only before the game starts.": "Само преди началото на играта.",
    "The replay opens when the game is over.": "Повторението се отваря, когато играта свърши.",
    "Press q again to leave the game (a bot will take your seat).": (
        "Натиснете q отново, за да напуснете играта: бот ще заеме мястото ви."
    ),
    # client/nudge.py
    "Your turn at {table}.": "Ваш ход на масата: {table}.",
    # client/session.py
    "Connection": "Връзка",
    "Not connected: retrying...": "Няма връзка: нов опит...",
    "Not connected: you will leave {table} when the server is back.": (
        "Няма връзка: ще напуснете {table}, щом сървърът се върне."
    ),
    "The server is back.": "Сървърът отново работи.",
    "Your seat is in another window: ctrl+r takes it back": (
        "Мястото ви е в друг прозорец: ctrl+r си го връща"
    ),
    "Your seat is now played from another window. Press ctrl+r to take it back here.": (
        'Мястото ви вече се играе от друг прозорец. Натиснете ctrl+r, за да си го върнете тук.'
    ),
    "Taking your seat back...": (
        'Връщане на мястото ви...'
    ),
    "Your seat is played in another window.": "Мястото ви се играе в друг прозорец.",
    "take your seat back": "връщане на мястото",
    "quit": "изход",
    "Your seat is gone: the table closed or a bot took it.": (
        "Мястото ви вече го няма: масата е затворена или бот го е заел."
    ),
    "The server was stopped: waiting for it...": "Сървърът беше спрян: чака се да тръгне...",
    "Connection lost: reconnecting...": "Връзката прекъсна: свързване отново...",
    "Connected again.": "Връзката е възстановена.",
    "New game: you start.": "Нова игра: вие започвате.",
    "New game: {name} starts.": "Нова игра: {name} започва.",
    "Moves are saved again: the table goes on.": "Ходовете отново се записват: играта продължава.",
    "The server cannot save moves right now: the table waits until it can.": (
        "Сървърът не може да записва ходове в момента: масата чака."
    ),
    "The server was stopped.": "Сървърът беше спрян.",
    # client/state.py
    "{name} sat down": "{name} седна на масата",
    "{name} left": "{name} напусна масата",
    "A bot now plays for {name}": "Бот вече играе вместо {name}",
    "{name} left; a bot plays the seat": "{name} напусна масата: на мястото играе бот",
    "{name} took their seat back": "{name} си върна мястото",
    "A bot stands in for {name}": "Бот замества {name}",
    "{name} lost the connection": "{name} загуби връзка",
    "{name} is back": "{name} се върна",
    # client/widgets/cards.py
    "STOP": "СТОП",
    "PLUS": "ПЛЮС",
    "COLOUR": "ЦВЯТ",
    "SUPER": "СУПЕР",
    "KING": "КРАЛ",
    "BREAK": "РАЗБ.",
    "short|STOP": "СТОП",
    "short|PLUS": "ПЛЮС",
    "short|COL": "ЦВЯТ",
    "short|SUP": "СУП.",
    "short|KING": "КРАЛ",
    "short|BRK": "РАЗБ",
    "B": "С",
    "G": "З",
    "R": "Ч",
    "Y": "Ж",
    "keys|rgby": "1234",
    "{n} more": "още {n}",
    # client/words.py
    "red": "червен",
    "green": "зелен",
    "blue": "син",
    "yellow": "жълт",
    "Stop": "Стоп",
    "Change Direction": "Смяна на посоката",
    "Plus": "Плюс",
    "Change Colour": "Смяна на цвета",
    "Super TAKI": "Супер TAKI",
    "King": "Крал",
    "+3 Breaker": "Разбивач на +3",
    "red +2": "червен +2",
    "red Stop": "червен Стоп",
    "red {number}": "червена {number}",
    "red Change Direction": "червена Смяна на посоката",
    "red Plus": "червен Плюс",
    "red TAKI": "червено TAKI",
    "green +2": "зелен +2",
    "green Stop": "зелен Стоп",
    "green {number}": "зелена {number}",
    "green Change Direction": "зелена Смяна на посоката",
    "green Plus": "зелен Плюс",
    "green TAKI": "зелено TAKI",
    "blue +2": "син +2",
    "blue Stop": "син Стоп",
    "blue {number}": "синя {number}",
    "blue Change Direction": "синя Смяна на посоката",
    "blue Plus": "син Плюс",
    "blue TAKI": "синьо TAKI",
    "yellow +2": "жълт +2",
    "yellow Stop": "жълт Стоп",
    "yellow {number}": "жълта {number}",
    "yellow Change Direction": "жълта Смяна на посоката",
    "yellow Plus": "жълт Плюс",
    "yellow TAKI": "жълто TAKI",
    "{n}s": "{n} с",
    "(+2 stack)": "(натрупани +2)",
    "(owed after a Plus)": "(дължима след Плюс)",
    "(+3)": "(+3)",
    "(their +3 was broken)": "(неговият +3 беше разбит)",
    "(+3 Breaker penalty)": "(наказание за Разбивач на +3)",
    "(did not declare last card)": "(не каза „последна карта“)",
    "(next stage)": "(следващ етап)",
    "You played {card}": "Изиграхте {card}",
    "{who} played {card}": "{who} изигра {card}",
    "colour is now {color}": "цветът вече е {color}",
    "{drew}: {cards}": "{drew}: {cards}",
    "Time ran out: you let the +3 through": "Времето изтече: не отговорихте на +3",
    "Time ran out: {who} let the +3 through": "Времето изтече: {who} не отговори на +3",
    "You closed the TAKI": "Затворихте TAKI",
    "You left the TAKI open": "Оставихте TAKI отворено",
    "You ended the turn": "Приключихте хода",
    "You let the +3 through": "Пропуснахте +3",
    "You broke the +3!": "Разбихте +3!",
    "Your turn is skipped": "Ходът ви е пропуснат",
    "You cleared a stage: now stage {n}": "Преминахте етап: вече сте на етап {n}",
    "You cancelled the +{n} stack with a King": "Отменихте натрупаните +{n} с Крал",
    "You cancelled the +3 with a King": "Отменихте +3 с Крал",
    "You win!": "Печелите!",
    "You finish in place {n}": "Завършвате на {n}-то място",
    "{who} closed the TAKI": "{who} затвори TAKI",
    "{who} left the TAKI open": "{who} остави TAKI отворено",
    "{who} ended the turn": "{who} приключи хода",
    "{who} let the +3 through": "{who} пропусна +3",
    "{who} broke the +3!": "{who} разби +3!",
    "{who}: turn skipped": "{who}: пропуснат ход",
    "{who} cleared a stage: now stage {n}": "{who} премина етап: вече е на етап {n}",
    "Direction reversed": "Посоката е обърната",
    "Discard pile shuffled into a new draw pile": "Нова купчина за теглене от изиграните карти",
    "{who} cancelled the +{n} stack with a King": "{who} отмени натрупаните +{n} с Крал",
    "{who} cancelled the +3 with a King": "{who} отмени +3 с Крал",
    "{who} wins!": "{who} печели!",
    "{who} finishes in place {n}": "{who} завършва на {n}-то място",
    "A bot": "Бот",
    "{line} for you": "{line} вместо вас",
    "{line} (a bot stands in)": "{line} (играе бот)",
    "No game is being played here yet.": "Тук още не се играе.",
    "The game is over.": "Играта свърши.",
    "You are watching: spectators do not play.": "Вие гледате: зрителите не играят.",
    "You have finished: the others play on.": "Приключихте: останалите продължават.",
    "Not your turn: waiting for {name}.": "Не е ваш ход: чака се {name}.",
    "You do not hold that card.": "Нямате тази карта.",
    "Match {color} or {symbol}, or play a colourless card.": (
        "Цвят {color} или {symbol}, или безцветна карта."
    ),
    "A +2 stack is live: add a +2, play a King, or draw {n} (d).": (
        "Има натрупани +2: добавете +2, играйте Крал или теглете {n} (d)."
    ),
    "Inside your TAKI run: only {color}, Super TAKI or Change Colour.": (
        "Във вашата серия TAKI: само цвят {color}, Супер TAKI или Смяна на цвета."
    ),
    "A +3 is pending: only a King answers it on your turn, or pass (p).": (
        "Чака +3: на вашия ход отговаря само Крал, иначе пас (p)."
    ),
    "A +3 is pending: break (b), pass (p) or King (K).": (
        "Чака +3: разбийте (b), пас (p) или Крал (K)."
    ),
    "A +3 is pending: pass (p) or cancel it with a King (K).": (
        "Чака +3: пас (p) или го отменете с Крал (K)."
    ),
    "A +3 is pending: let it through (p).": "Чака +3: пропуснете го (p).",
    "A +3 is pending: break it (b) or let it through (p).": (
        "Чака +3: разбийте го (b) или го пропуснете (p)."
    ),
    "There is no +3 to answer.": "Няма +3, на който да отговорите.",
    "Nobody answers their own +3.": "Никой не отговаря на собствения си +3.",
    "You already let this +3 through.": "Вече пропуснахте този +3.",
    "You hold no +3 Breaker.": "Нямате Разбивач на +3.",
    "Nothing to close: you have no TAKI run.": "Няма какво да затворите: нямате серия TAKI.",
    "A TAKI alone cannot be closed: play a card on it first.": (
        "TAKI без карта след него не се затваря: първо сложете карта върху него."
    ),
    "No drawing inside your TAKI run: play, close (c) or end it (e).": (
        "В серия TAKI не се тегли: играйте, затворете (c) или я прекъснете (e)."
    ),
    "After a King: play any card or end the turn (e).": (
        "След Крал: играйте коя да е карта или приключете хода (e)."
    ),
    "This table says must play: you hold a card you can play.": (
        "На тази маса играта е задължителна: имате карта, която може да играете."
    ),
    "A Plus needs one more card: match {color} or {symbol}, or draw (d).": (
        "След Плюс трябва още една карта: цвят {color} или {symbol}, иначе теглете (d)."
    ),
    "A Plus needs one more card, or draw (d).": (
        "След Плюс трябва още една карта, иначе теглете (d)."
    ),
    "Nothing to end: e ends a King's turn or leaves a TAKI open.": (
        "Няма какво да приключите: e приключва хода след Крал или оставя TAKI отворено."
    ),
    "You already declared last card this turn.": "Вече казахте „последна карта“ в този ход.",
    "Not allowed now.": "Сега не е позволено.",
    # protocol TABLE_STATES (shown through _(info.state))
    "waiting": "чака",
    "playing": "игра се",
    "over": "приключила",
    # ssh guests (server/ssh/)
    'You play as {name}': 'Играете като {name}',
    'Your ssh user name cannot be a name here: you play as {name}.': (
        'Потребителското ви име в ssh не може да бъде име тук: '
        'играете като {name}.'
    ),
    'A guest plays on this server only.': 'Гостът играе само на този сървър.',
    # client/standings.py, client/screens/standings.py (the standings of the evening)
    'No game has finished at this table yet.': 'На тази маса още не е завършила нито една игра.',
    'Places from first to last: {counts}.': 'Места от първо до последно: {counts}.',
    'Best stage: {stage}.': 'Най-добър етап: {stage}.',
    'Head to head, in games finished ahead of the other:': (
        'Един срещу друг, в игри, завършени пред другия:'
    ),
    'Esc: close': 'Esc: затваряне',
    'standings': 'класиране',
    # client/hint_words.py, client/screens/table.py, client/screens/lobby.py (hints)
    "Hint: {action} — {reason}": "Подсказка: {action} — {reason}",
    "Hint: {action}": "Подсказка: {action}",
    "play {card}": "изиграйте {card}",
    "play {card} and name {color}": "изиграйте {card} и изберете цвят: {color}",
    "close the TAKI": "затворете TAKI",
    "end the turn": "завършете хода",
    "say last card": "кажете „последна карта“",
    "break the +3": "разбийте +3",
    "let the +3 through": "пропуснете +3",
    "you have no card to play": "нямате карта, която да изиграете",
    "it is your only move": "това е единственият ви ход",
    "it empties your hand": "така ръката ви остава празна",
    "the +3's player draws instead of you": "играчът с +3 тегли вместо вас",
    "the King cancels what you owe": "Кралят отменя дължимите от вас карти",
    "the next player owes more, or must stack": (
        "следващият играч дължи повече или трябва да добави +2"
    ),
    "one card left: say last card with it": "остава ви една карта: кажете „последна карта“ с нея",
    "{name} is close to winning": "{name} е близо до победата",
    "a run gets rid of several cards at once": "серията ви освобождава от няколко карти наведнъж",
    "you hold most cards of that colour": "имате най-много карти от този цвят",
    "keeps your +2 for a stack": "пазите своя +2 за натрупване",
    "it did best when the bot played the game on": (
        "това се получи най-добре, когато ботът изигра играта нататък"
    ),
    "Hints are off at this table.": "Подсказките са изключени на тази маса.",
    "Hints are for your turn.": "Подсказките са за вашия ход.",
    "Waiting for the server to answer your move...": (
        "Чака се отговорът на сървъра за вашия ход..."
    ),
    "Looking for a hint...": "Търсене на подсказка...",
    "hint": "подсказка",
    "hints": "подсказки",
    "Hints for learners (H shows the bot's choice)": (
        "Подсказки за начинаещи (H показва избора на бота)"
    ),
}

PLURALS: dict[str, dict[str, str]] = {
    'Standings of {table} after {n} game:': {
        'one': 'Класиране на „{table}“ след {n} игра:',
        'other': 'Класиране на „{table}“ след {n} игри:',
    },
    '{name} won {wins} of {n} game.': {
        'one': '{name} спечели {wins} от {n} игра.',
        'other': '{name} спечели {wins} от {n} игри.',
    },
    '{bot} won {wins} of {n} game.': {
        'one': '{bot} спечели {wins} от {n} игра.',
        'other': '{bot} спечели {wins} от {n} игри.',
    },
    "+2 stack: {n} card to draw": {
        "one": "натрупани +2: {n} карта за теглене",
        "other": "натрупани +2: {n} карти за теглене",
    },
    "{n} card": {
        "one": "{n} карта",
        "other": "{n} карти",
    },
    "You drew {n} card": {
        "one": "Изтеглихте {n} карта",
        "other": "Изтеглихте {n} карти",
    },
    "{who} drew {n} card": {
        "one": "{who} изтегли {n} карта",
        "other": "{who} изтегли {n} карти",
    },
    "{names} let it through": {
        "one": "{names} го пропусна",
        "other": "{names} го пропуснаха",
    },
    "{count} other player is at your server. Quitting stops it for them too.": {
        "one": "Още {count} играч е на вашия сървър. Ако излезете, сървърът ще спре и за него.",
        "other": "Още {count} играчи са на вашия сървър. Ако излезете, сървърът ще спре и за тях.",
    },
    "With a hint in {n} game.": {
        "one": "С подсказка в {n} игра.",
        "other": "С подсказка в {n} игри.",
    },
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
  посоката на играта. *ПОСЛЕДНА КАРТА!* до име: този играч има една карта и е казал
  *последна карта*.
- Редът под горната карта казва какво тече (натрупани +2, +3 и оставащите секунди,
  серия TAKI) и, когато клавиш или карта не се приема, защо.
- *Край на играта* на мястото на горната карта: играта е свършила и всяка останала
  ръка се показва до името на своя играч (и в повторението): виждате кой какво е
  държал. Никога преди края.

## Тестето и раздаването
- 116 карти в четири цвята (червен, зелен, син, жълт): по две от всяко число 1, 3 до 9
  (няма обикновено 2: +2 е единственото 2) и по две Стоп, +2, Смяна на посоката, Плюс
  и TAKI във всеки цвят.
- Безцветни: Смяна на цвета (4), Супер TAKI, Крал, +3, Разбивач на +3 (по 2). Играят
  се върху всеки цвят (всяка по свое правило) и оставят цвета какъвто е, освен Смяна на
  цвета, която обявява нов.
- Всеки получава по 8 карти; следващата се обръща и става горна карта. Когато
  купчината за теглене свърши, изиграните карти се разбъркват в нова (горната остава;
  след Разбивач на +3, изигран в собствения ход, остава и картата под него).

## Карти за действие
- **Стоп**: следващият играч е пропуснат (при 2 играчи играете отново).
- **+2**: следващият играч добавя +2, играе Крал или тегли всички натрупани карти.
- **Смяна на посоката** (<->): играта продължава в обратната посока (при 2 играчи нищо
  не се променя).
- **Плюс**: изиграйте още една карта (тя трябва да съвпада) или изтеглете 1. С Плюс не
  може да се спечели.
- **TAKI**: изиграйте колкото искате карти от неговия цвят, после го **затворете**
  (клавиш **c**); важи само действието на последната карта. TAKI или Супер TAKI в
  серията се брои за още една карта. Ако го оставите отворено (**e**), следващият играч
  може да продължи серията.
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
- Времето за отговор е няколко секунди (настройка на масата, по подразбиране 4;
  отброяването се вижда на екрана): който не е отговорил, го пропуска.

## Опции на масата
- *Турнир*: от 8 етапа. Изпразните ли ръката си, веднага се качвате с един етап
  и теглите толкова карти (7, после 6 ... накрая 1); печели първият, изпразнил ръка на
  етап 1.
- *Класиране*: след победителя останалите играят за 2-ро, 3-то ... място.
- *Задължителна игра*: не се тегли, докато имате карта, която може да играете.
- *Време за ход*: когато времето ви изтече, играта приключва хода вместо вас (затваря
  серията или приключва хода, ако може; иначе теглите 1).

## Домашни правила (наши, не от печатните правила)
- Безцветна начална карта отива най-отдолу в купчината за теглене; обръща се следващата.
- Домакинът избира кой започва (по подразбиране случайно).
- Може да теглите дори когато можете да играете (освен ако масата е със *задължителна
  игра*).

## Клавиши
| клавиш | действие |
|---|---|
| ←/→, 1-9, 0, f… | избор на карта (или клавишът над нея) |
| Enter, щракване | изиграване |
| o | ръката по цвят или както е раздадена |
| d | теглене |
| c | затваряне на TAKI |
| e | край на хода (след Крал или за да оставите TAKI отворено) |
| l | казване на „последна карта“ |
| b / p | разбиване / пропускане на +3 |
| K | изиграйте Крал (отменя натрупаните +2 или +3) |
| 1-4 | избор на цвят за Смяна на цвета (червен, зелен, син, жълт) |
| t | чат (Enter изпраща, Esc връща към играта) |
| s, a, A, x, r | домакин: начало, бот (вашето ниво), лесен бот, махане на бот, реванш |
| v | повторение на приключилата игра стъпка по стъпка (→ / ← за напред и назад) |
| S | класирането на тази маса за вечерта (и във фоайето) |
| H | подсказка: ходът, който би изиграл силен бот, и защо (маси с подсказки) |
| q | напускане на масата |
| ? | тази помощ (Esc я затваря) |
"""
