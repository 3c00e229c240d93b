package io.wirecost.agent.sample;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;

/**
 * A host application for the agent tests: serializes a small object graph in a loop for the given
 * seconds, so nearly all its CPU samples fall in the {@code serialization-out} category.
 * {@code BusySerializer SECONDS} profiles as the agent options say; {@code BusySerializer SECONDS FILE}
 * also drives the agent's MBean around the busy phase, like the scenario harness does.
 */
public final class BusySerializer {

    private BusySerializer() {}

    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        ObjectName agent = new ObjectName("io.wirecost:type=Profiler");
        var mbeans = ManagementFactory.getPlatformMBeanServer();
        if (args.length > 1)
            System.out.println("start: "
                    + mbeans.invoke(agent, "start", new Object[] {args[1]}, new String[] {String.class.getName()}));
        long bytes = busy(seconds * 1000);
        if (args.length > 1) {
            System.out.println("stop: " + mbeans.invoke(agent, "stop", new Object[0], new String[0]));
            Thread.sleep(Long.parseLong(System.getProperty("linger.ms", "3000"))); // time to scrape what the stop read
        }
        System.out.println("done " + bytes);
    }

    static long busy(long millis) throws Exception {
        List<Map<String, Object>> data = new ArrayList<>();
        for (int i = 0; i < 200; i++) data.add(new HashMap<>(Map.of("k" + i, i, "s", "x".repeat(i))));
        long end = System.currentTimeMillis() + millis;
        long n = 0;
        while (System.currentTimeMillis() < end) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(b)) {
                o.writeObject(data);
            }
            n += b.size();
        }
        return n;
    }
}
