"""Collusion signals: what finished games say about pairs of people
(docs/fair-play.md#collusion-signals). `facts` reads one game, `stats` turns many
games' counts into a score per pair; both pure, so the lab's colluding bots are
measured with the very code staff see."""
