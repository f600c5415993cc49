"""Lessons as data: lesson files (TOML in ``assets/lessons/<lang>/``), the steps they
describe, and everything a step shows that comes from the tables (worked games, sieves,
explanations, quiz answers). Never imports textual."""
