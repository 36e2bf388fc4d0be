#!/usr/bin/env python3
"""The rain cells of `saved N`'s forecast check table in inches, without wx's code.

Each of the table's three rain columns (the kept forecast, what happened, the error) has one
precision: the most decimals any of its amounts needs by the one rule of
Views/Formatting.swift (from 2 in inches, raised up to 5 until an amount other than 0 is not
shown as 0). The error is the difference of the two figures beside it — forecast - observed as
they are shown, at their columns' decimals — written at the larger of those decimals, signed
("+0.004"), 0 unsigned: 0.098 and 0.12 in are -0.022 apart (the unrounded -0.5 mm is -0.0197 in,
"-0.020", not the difference a reader takes).

Days of ForecastCheckPrecisionTests: forecast 0.1 and 2.5 mm, observed 0.0 and 3.0 mm.

Run: python3 Fixtures/units/check_table_expected.py
"""
from decimal import Decimal


def decimals(inches):
    for d in range(2, 6):
        if inches == 0 or float(f"{inches:.{d}f}") != 0:
            return d
    return 5


def column(amounts_mm):
    values = [mm / 25.4 for mm in amounts_mm]
    d = max(decimals(v) for v in values)
    return [f"{v:.{d}f}" for v in values]


def signed(cells):
    return [("+" + c) if float(c) > 0 else (c.lstrip("-") if float(c) == 0 else c) for c in cells]


forecast = [0.1, 2.5]
observed = [0.0, 3.0]
shown_forecast, shown_observed = column(forecast), column(observed)
places = max(len(c.split(".")[1]) for c in shown_forecast + shown_observed)
error = [
    str((Decimal(f) - Decimal(o)).quantize(Decimal(1).scaleb(-places))) for f, o in zip(shown_forecast, shown_observed)
]
print("forecast:", shown_forecast)
print("observed:", shown_observed)
print("error:", signed(error))
