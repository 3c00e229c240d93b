package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.history.ChangePointCheck.MovedLine;
import io.wirecost.history.HistoryStore.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The share lines listed beside a change point: those of its scenario that stepped at its run, not itself. */
class MovedLinesTest {

    private static final int RUNS = 20;
    private static final int AT = 10;

    @Test
    void aSharesChangePointListsTheOtherLinesThatMovedNotItself() {
        Map<String, List<Point>> shares = new LinkedHashMap<>();
        shares.put("share/rmi/all/socket-read", series("share/rmi/all/socket-read", 32, 35.5));
        shares.put("share/rmi/client/socket-read", series("share/rmi/client/socket-read", 30, 34));
        shares.put("share/rmi/all/serialization", series("share/rmi/all/serialization", 9, 9));
        shares.put("share/tcp/all/socket-read", series("share/tcp/all/socket-read", 50, 55));
        List<MovedLine> moved = MovedLines.find(
                "share/rmi/all/socket-read", shares.get("share/rmi/all/socket-read"), 0, AT, RUNS, shares);
        assertEquals(
                List.of("share/rmi/client/socket-read"),
                moved.stream().map(MovedLine::metric).toList(),
                "the same scenario's lines that stepped, the change point's own metric left out");
        assertEquals(4, moved.get(0).changePoints(), 0.2);
        // a CPU metric's change point lists its scenario's shares that stepped, all of them
        assertEquals(
                List.of("share/rmi/all/socket-read", "share/rmi/client/socket-read").stream()
                        .sorted()
                        .toList(),
                MovedLines.find("cpu/rmi/all/int", shares.get("share/rmi/all/socket-read"), 0, AT, RUNS, shares)
                        .stream()
                        .map(MovedLine::metric)
                        .sorted()
                        .toList());
    }

    /** A share stepping from {@code before} to {@code after} percent at run {@link #AT}, with a little spread. */
    private static List<Point> series(String metric, double before, double after) {
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            double v = (i < AT ? before : after) + 0.2 * ((i * 7) % 5 - 2) / 2.0;
            points.add(new Point(
                    MachineChangeTest.run(i, 1.0, "vm", "cpu"), new Figure(metric, v, v - 0.5, v + 0.5, "%", false)));
        }
        return points;
    }
}
