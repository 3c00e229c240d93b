package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StackTableTest {

    @Test
    void oneIdPerStackThroughGrowthWithTheCallersArraysReused() {
        StackTable table = new StackTable();
        Map<List<Long>, Integer> reference = new HashMap<>();
        Random random = new Random(7);
        long[] frames = new long[40];
        byte[] types = new byte[40];
        for (int i = 0; i < 60_000; i++) {
            int depth = random.nextInt(frames.length + 1);
            for (int f = 0; f < depth; f++) {
                frames[f] = random.nextInt(50); // few frames: many stacks met again
                types[f] = (byte) random.nextInt(2);
            }
            Arrays.fill(frames, depth, frames.length, -1); // past the depth: not part of the stack
            List<Long> key = new ArrayList<>();
            for (int f = 0; f < depth; f++) key.add(frames[f] * 8 + types[f]);
            int id = table.intern(frames, types, depth);
            Integer known = reference.putIfAbsent(key, id);
            if (known != null) assertEquals(known, id, "the same stack, the same id");
            assertArrayEquals(Arrays.copyOf(frames, depth), table.frames(id));
            assertArrayEquals(Arrays.copyOf(types, depth), table.types(id));
        }
        assertEquals(reference.size(), reference.values().stream().distinct().count(), "distinct stacks, distinct ids");
    }

    @Test
    void framesAndTypesBothTellStacksApart() {
        StackTable table = new StackTable();
        int a = table.intern(new long[] {1, 2}, new byte[] {0, 1}, 2);
        assertNotEquals(a, table.intern(new long[] {1, 2}, new byte[] {0, 3}, 2));
        assertNotEquals(a, table.intern(new long[] {1, 2, 3}, new byte[] {0, 1, 0}, 2 + 1));
        assertEquals(a, table.intern(new long[] {1, 2, 9}, new byte[] {0, 1, 9}, 2));
        assertEquals(0, table.frames(table.intern(new long[0], new byte[0], 0)).length);
        assertNull(table.frames(1 << 20));
        assertNull(table.types(-1));
    }
}
