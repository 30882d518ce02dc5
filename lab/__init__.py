"""Research and benchmarks: not part of the product, never installed (pyproject.toml
installs games, accounts and thirtyone only) and never imported by them
(tests/test_layers.py). Run from the repository's root:

    python -m lab simulate --preset scat --players 4 --games 3000   # whole bot games
    python -m lab bench-bot --level hard --decisions 3000           # decision times
    python -m lab.bots.paired --level hard --rounds 300             # bot research
    python -m lab.bench_live --profile embedded                     # live latency
    python -m lab.soak --tables 20 --minutes 30                     # long bot play
"""
