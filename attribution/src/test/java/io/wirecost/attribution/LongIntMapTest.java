package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongIntMapTest {

    @Test
    void agreesWithAHashMapThroughGrowthAndClears() {
        LongIntMap map = new LongIntMap();
        Map<Long, Integer> reference = new HashMap<>();
        Random random = new Random(42);
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 50_000; i++) {
                // ids as recordings have them: small, negative, multiples of large powers of two
                long key = switch (i % 3) {
                    case 0 -> random.nextInt(LongIntMap.DENSE_LIMIT + 1_000); // both sides of the dense limit
                    case 1 -> -random.nextInt(100);
                    default -> (long) random.nextInt(1 << 20) << 32;
                };
                // -1 is the classifier's "no rule" mark; MIN_VALUE is never stored
                int value = i % 5 == 0 ? -1 : Math.max(Integer.MIN_VALUE + 1, random.nextInt());
                map.put(key, value);
                reference.put(key, value);
            }
            assertEquals(reference.size(), map.size());
            for (Map.Entry<Long, Integer> e : reference.entrySet())
                assertEquals(e.getValue(), map.get(e.getKey(), Integer.MIN_VALUE), "key " + e.getKey());
            assertEquals(Integer.MIN_VALUE, map.get(Long.MAX_VALUE, Integer.MIN_VALUE));
            map.clear();
            reference.clear();
            assertEquals(0, map.size());
            assertEquals(-7, map.get(5, -7));
        }
    }
}
