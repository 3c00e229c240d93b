package io.wirecost.attribution;

import java.util.List;

/**
 * One side of a differential flame graph: its stacks as frame names, root first, each with its summed weight, in the
 * order the graph adds them (siblings are laid out in the order the graph first meets them).
 */
public interface StackPaths {

    /** One stack: ids into {@link #names()} for {@code frames[0..depth)}, root first; the array is reused. */
    interface Visitor {
        void stack(int[] frames, int depth, long weight);
    }

    /** The frame names, by id. */
    List<String> names();

    /** The summed weight of every stack. */
    long total();

    void forEach(Visitor v);
}
