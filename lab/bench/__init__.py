"""The live benchmark (`python -m lab.bench_live`) and the server processes it starts."""
