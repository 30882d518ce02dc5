"""The live benchmark (`manage.py bench_live`) and the server processes it starts."""
