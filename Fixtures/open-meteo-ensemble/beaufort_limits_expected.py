#!/usr/bin/env python3
"""The limits `best 2h wind<Nbft` applies, from the WMO Beaufort table in m/s.

The WMO table (WMO-No. 558, WMO-No. 8) gives each force's equivalent speed at 10 m in m/s to
0.1: force 1 0.3-1.5, 2 1.6-3.3, 3 3.4-5.4, 4 5.5-7.9, 5 8.0-10.7, 6 10.8-13.8, 7 13.9-17.1,
8 17.2-20.7, 9 20.8-24.4, 10 24.5-28.4, 11 28.5-32.6, 12 32.7 and above. `wind<N` holds below
force N's lowest speed, so its limit is that lower bound; wx's JSON gives it in km/h (x 3.6),
exact in decimal arithmetic. Prints {"1": km/h, ..., "12": km/h} and the same in m/s.
"""
import json
from decimal import Decimal

LOWER_METRES_PER_SECOND = ["0.3", "1.6", "3.4", "5.5", "8.0", "10.8", "13.9", "17.2", "20.8", "24.5", "28.5", "32.7"]

kmh = {str(force): float(Decimal(bound) * Decimal("3.6")) for force, bound in enumerate(LOWER_METRES_PER_SECOND, 1)}
ms = {str(force): float(Decimal(bound)) for force, bound in enumerate(LOWER_METRES_PER_SECOND, 1)}
print(json.dumps({"kilometres_per_hour": kmh, "metres_per_second": ms}))
