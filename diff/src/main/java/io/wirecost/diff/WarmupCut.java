package io.wirecost.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which scenarios of a diff had a repetition whose warm-up was cut short ({@link ResultsFile.Scenario#warmupCut}), on
 * either side: {@link Gate} reports their round trips and CPU per call without gating them.
 */
final class WarmupCut {

    private WarmupCut() {}

    /**
     * The scenarios whose warm-up a repetition on either side cut short, with how far. Such a repetition timed its calls
     * while the JIT still compiled them, so its round trips and CPU per call hold how far each side's JIT got in
     * --quick's few seconds: sound for A/A, where both sides race alike, but a candidate whose code takes longer to
     * compile (a middleware upgrade with more of it) can read as dearer per call though it costs the same once settled. The
     * history check leaves the same figures out of its series, for the same reason.
     */
    static Map<String, String> of(RunData base, RunData cand) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String scenario : base.scenarios().keySet()) {
            if (!cand.scenarios().containsKey(scenario)) continue;
            List<RunData.Repetition> all = new ArrayList<>(base.scenarios().get(scenario));
            all.addAll(cand.scenarios().get(scenario));
            long[] calls = all.stream()
                    .filter(RunData.Repetition::warmupCut)
                    .mapToLong(RunData.Repetition::warmupCutToCalls)
                    .sorted()
                    .toArray();
            if (calls.length == 0) continue;
            String range = calls[0] == calls[calls.length - 1]
                    ? String.format(Locale.ROOT, "%,d", calls[0])
                    : String.format(Locale.ROOT, "%,d to %,d", calls[0], calls[calls.length - 1]);
            out.put(
                    scenario,
                    String.format(
                            Locale.ROOT,
                            "warm-up cut to %s calls per type in %d of %d repetitions",
                            range,
                            calls.length,
                            all.size()));
        }
        return out;
    }
}
