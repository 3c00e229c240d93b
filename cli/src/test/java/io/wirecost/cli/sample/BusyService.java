package io.wirecost.cli.sample;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small host application for the monitoring test: serializes a little object graph in a loop for
 * the given seconds (so its CPU goes to {@code serialization-out}), with the wirecost agent attached. Each
 * serialization is a request of a JAX-RS resource method ({@link Orders}), called directly as a resource
 * is where no servlet runs, so the agent's {@code endpoints=on} has requests to count
 * ({@code GET /orders/{id}}).
 */
public final class BusyService {

    private BusyService() {}

    public static void main(String[] args) throws Exception {
        List<Map<String, Object>> data = new ArrayList<>();
        for (int i = 0; i < 200; i++) data.add(new HashMap<>(Map.of("k" + i, i, "s", "x".repeat(i))));
        long end = System.currentTimeMillis() + Long.parseLong(args[0]) * 1000;
        long bytes = 0;
        Orders orders = new Orders(data);
        for (int id = 0; System.currentTimeMillis() < end; id++) {
            bytes += orders.render(id);
            Thread.sleep(0, 200_000); // leave CPU for the scenario JVMs of the same test on 2 cores
        }
        System.out.println("done " + bytes);
    }

    /** The resource: its route template is read from the annotations by the agent. */
    @jakarta.ws.rs.Path("/orders")
    public static final class Orders {
        private final List<Map<String, Object>> data;

        Orders(List<Map<String, Object>> data) {
            this.data = data;
        }

        @jakarta.ws.rs.GET
        @jakarta.ws.rs.Path("{id}")
        public int render(@jakarta.ws.rs.PathParam("id") int id) throws java.io.IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(b)) {
                o.writeObject(data);
            }
            return b.size();
        }
    }
}
