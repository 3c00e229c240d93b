package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * --repeat runs repetition 1 of every scenario, then repetition 2 ... (drift of the machine spreads over
 * all scenarios); with a candidate and --interleave, baseline and candidate alternate within each.
 * Steps are written side:scenario#repetition, side 0 the baseline, 1 the candidate.
 */
class RunOrderTest {

    @ParameterizedTest(name = "{0} side(s), {1}, --repeat {2}, interleave {3}")
    @CsvSource(
            delimiter = ';',
            value = {
                "1; rmi,ws-literal; 3; false; 0:rmi#1 0:ws-literal#1 0:rmi#2 0:ws-literal#2 0:rmi#3 0:ws-literal#3",
                "1; rmi,ws-literal; 3; true;  0:rmi#1 0:ws-literal#1 0:rmi#2 0:ws-literal#2 0:rmi#3 0:ws-literal#3",
                "1; rmi; 2; false;            0:rmi#1 0:rmi#2",
                "1; tcp,rmi,grpc; 1; false;   0:tcp#1 0:rmi#1 0:grpc#1",
                "2; rmi,ws-literal; 2; true;  0:rmi#1 1:rmi#1 0:ws-literal#1 1:ws-literal#1 0:rmi#2 1:rmi#2 0:ws-literal#2 1:ws-literal#2",
                "2; rmi,ws-literal; 2; false; 0:rmi#1 0:ws-literal#1 0:rmi#2 0:ws-literal#2 1:rmi#1 1:ws-literal#1 1:rmi#2 1:ws-literal#2",
            })
    void repetitionsAreTheOuterLoop(int sides, String scenarios, int repeat, boolean interleave, String expected) {
        List<RunCoordinator.Step> order =
                RunCoordinator.order(sides, Arrays.asList(scenarios.split(",")), repeat, interleave);
        assertEquals(
                expected,
                order.stream()
                        .map(s -> s.side() + ":" + s.scenario() + "#" + s.repetition())
                        .collect(Collectors.joining(" ")));
    }
}
