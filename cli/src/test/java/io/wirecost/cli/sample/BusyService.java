package io.wirecost.cli.sample;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small host application for the monitoring test: serializes a little object graph in a loop for
 * the given seconds (so its CPU goes to {@code serialization-out}), with the wirecost agent attached.
 */
public final class BusyService {

    private BusyService() {}

    public static void main(String[] args) throws Exception {
        List<Map<String, Object>> data = new ArrayList<>();
        for (int i = 0; i < 200; i++) data.add(new HashMap<>(Map.of("k" + i, i, "s", "x".repeat(i))));
        long end = System.currentTimeMillis() + Long.parseLong(args[0]) * 1000;
        long bytes = 0;
        while (System.currentTimeMillis() < end) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(b)) {
                o.writeObject(data);
            }
            bytes += b.size();
            Thread.sleep(0, 200_000); // leave CPU for the scenario JVMs of the same test on 2 cores
        }
        System.out.println("done " + bytes);
    }
}
