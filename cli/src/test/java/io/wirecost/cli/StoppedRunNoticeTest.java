package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What an interrupted run says it holds: the scenarios that finished, and of repetitions how many. */
class StoppedRunNoticeTest {

    @Test
    void namesWhatFinishedWithItsRepetitionsAndSides() {
        Map<String, Map<String, Integer>> one = new LinkedHashMap<>();
        one.put("", new LinkedHashMap<>(Map.of("tcp", 1)));
        assertEquals("tcp", StoppedRunNotice.finishedText(one, 1));

        Map<String, Map<String, Integer>> two = new LinkedHashMap<>();
        Map<String, Integer> baseline = new LinkedHashMap<>();
        baseline.put("tcp", 3);
        baseline.put("rmi", 1);
        two.put("baseline", baseline);
        two.put("candidate", new LinkedHashMap<>(Map.of("tcp", 2)));
        assertEquals(
                "baseline: tcp 3 of 3 repetitions, rmi 1 of 3 repetitions; candidate: tcp 2 of 3 repetitions",
                StoppedRunNotice.finishedText(two, 3));

        Map<String, Map<String, Integer>> none = new LinkedHashMap<>();
        none.put("baseline", new LinkedHashMap<>());
        assertEquals("", StoppedRunNotice.finishedText(none, 3));
    }
}
