# Runs Apache Otava's change point detection (otava.analysis.compute_change_points, what its CLI runs for each
# metric) on the series of a JSON request and prints what it finds as JSON, for OtavaCrossCheckIT.
# Request: {"window": 50, "max_pvalue": 0.001, "min_magnitude": 0.0, "series": [[1.0, 2.0, ...], ...]}
# Answer: [[{"index": 8, "pvalue": 1e-05, "mean_before": ..., "mean_after": ...}, ...], ...] per series.
import json
import sys

from otava.analysis import compute_change_points

request = json.load(open(sys.argv[1]))
answer = []
for series in request["series"]:
    points, _ = compute_change_points(
        series,
        window_len=request["window"],
        max_pvalue=request["max_pvalue"],
        min_magnitude=request["min_magnitude"],
    )
    answer.append([
        {
            "index": int(cp.index),
            "pvalue": float(cp.stats.pvalue),
            "mean_before": float(cp.stats.mean_1),
            "mean_after": float(cp.stats.mean_2),
        }
        for cp in points
    ])
json.dump(answer, sys.stdout)
