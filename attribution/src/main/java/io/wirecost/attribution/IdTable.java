package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Values numbered 0, 1, 2... in the order their keys are first met: the recording-wide frames, stacks and threads of
 * {@link RecordingIds}. Not synchronized: its owner is.
 */
final class IdTable<K, V> {

    private final Map<K, Integer> ids = new HashMap<>();
    private final List<V> values = new ArrayList<>();

    /** The id of {@code key}; a new key's value is made by {@code value} and takes the next id. */
    int intern(K key, Function<K, V> value) {
        Integer id = ids.get(key);
        if (id == null) {
            values.add(value.apply(key));
            id = values.size() - 1;
            ids.put(key, id);
        }
        return id;
    }

    /** The value numbered {@code id}, or null where no value has that id. */
    V get(long id) {
        return id >= 0 && id < values.size() ? values.get((int) id) : null;
    }
}
