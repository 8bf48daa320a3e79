"""Synthetic results files for benchmarks: USEBIO 1.2 Mitchell sessions.

Scores are real duplicate scores (tournaments.scoring) of plausible contracts,
so the standings step does real work; players are drawn from given MIDs.
"""

import random
from datetime import date, timedelta
from xml.sax.saxutils import escape

from tournaments.domain.contract import board_vulnerability, parse_contract, parse_seat
from tournaments.domain.deal_score import ns_score

CONTRACTS = ["1NT", "2S", "2H", "3NT", "4S", "4H", "3C", "3D", "5C", "6NT", "2NTX", "4SX"]
SEATS = "NESW"


def synthetic_usebio(
    *, tables: int, boards: int, mids: list[int], rng: random.Random, event_id: str, day: date
) -> bytes:
    players = rng.sample(mids, 4 * tables)
    out = [
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n',
        f"<EVENT_IDENTIFIER>{escape(event_id)}</EVENT_IDENTIFIER>\n",
        f"<TITLE>Benchmark {escape(event_id)}</TITLE>\n<WINNER_TYPE>2</WINNER_TYPE>\n",
        f"<DATE>{day:%d/%m/%Y}</DATE>\n<BOARDS_PLAYED>{boards}</BOARDS_PLAYED>\n",
        "<PARTICIPANTS>\n",
    ]
    for table in range(1, tables + 1):
        for direction, offset in (("NS", 0), ("EW", 2 * tables)):
            a, b = players[offset + 2 * (table - 1)], players[offset + 2 * (table - 1) + 1]
            out.append(
                f"<PAIR><PAIR_NUMBER>{table}{direction}</PAIR_NUMBER>"
                f"<DIRECTION>{direction}</DIRECTION>"
                f"<PLAYER><PLAYER_NAME>P{a}</PLAYER_NAME><NATIONAL_ID_NUMBER>{a}</NATIONAL_ID_NUMBER></PLAYER>"
                f"<PLAYER><PLAYER_NAME>P{b}</PLAYER_NAME><NATIONAL_ID_NUMBER>{b}</NATIONAL_ID_NUMBER></PLAYER>"
                "</PAIR>\n"
            )
    out.append("</PARTICIPANTS>\n")
    for board in range(1, boards + 1):
        out.append(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n")
        vulnerability = board_vulnerability(board)
        favourite = rng.choice(CONTRACTS)
        for table in range(1, tables + 1):
            contract_text = favourite if rng.random() < 0.6 else rng.choice(CONTRACTS)
            contract = parse_contract(contract_text)
            declarer = rng.choice(SEATS)
            tricks = max(0, min(13, contract.level + 6 + rng.choice((-2, -1, 0, 0, 0, 1))))
            score = ns_score(contract, parse_seat(declarer), vulnerability, tricks)
            ew = (table + board - 2) % tables + 1
            out.append(
                f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{table}NS</NS_PAIR_NUMBER>"
                f"<EW_PAIR_NUMBER>{ew}EW</EW_PAIR_NUMBER><CONTRACT>{contract_text}</CONTRACT>"
                f"<PLAYED_BY>{declarer}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
                "<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
                "</TRAVELLER_LINE>\n"
            )
        out.append("</BOARD>\n")
    out.append("</EVENT>\n</USEBIO>\n")
    return "".join(out).encode()


def random_day(rng: random.Random, today: date, days_back: int = 700) -> date:
    return today - timedelta(days=rng.randint(1, days_back))
