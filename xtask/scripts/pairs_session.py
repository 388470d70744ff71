#!/usr/bin/env python3
"""Write a large pairs session as a JSON event file (issue 30's scale runs).

    python3 xtask/scripts/pairs_session.py TABLES BOARDS > session.json

TABLES results a board (a Mitchell: NS pair t meets EW pair t + b on board
b), BOARDS boards; the NS scores come from a fixed xorshift over scores
valid at every vulnerability, so every run writes the same file. Not used by CI.
"""
import json
import sys

# Each a real score at every vulnerability, so the check of contract
# scores has nothing to warn about.
VALUES = [-800, -300, -200, -170, -150, -140, -120, -110, -100, -90, 0, 90,
          100, 110, 120, 140, 150, 170, 200, 300, 800]
MASK = (1 << 64) - 1


def main():
    tables, boards = int(sys.argv[1]), int(sys.argv[2])
    x = 0x9E3779B97F4A7C15
    out = sys.stdout
    out.write('{"event":{"name":"Scale run, %d x %d"},"boards":[' % (tables, boards))
    for b in range(1, boards + 1):
        out.write(',' if b > 1 else '')
        out.write('{"board":%d,"results":[' % b)
        rows = []
        for t in range(tables):
            x ^= (x << 13) & MASK
            x ^= x >> 7
            x ^= (x << 17) & MASK
            v = VALUES[x % len(VALUES)]
            rows.append('{"ns":"%dNS","ew":"%dEW","score":"%d"}'
                        % (t + 1, (t + b) % tables + 1, v))
        out.write(','.join(rows))
        out.write(']}')
    out.write(']}\n')


if __name__ == '__main__':
    main()
