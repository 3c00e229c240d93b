package io.wirecost.attribution;

import java.util.Objects;

/**
 * A bucket that samples are attributed to.
 *
 * @param name     short identifier used in files and metric labels, e.g. {@code socket-write}
 * @param group    middleware categories share 100 %; JVM-internal ones are reported apart
 * @param paperRow the row of seed 000's Table 3 this category stands for, or empty when the paper has none
 * @param title    human name for tables
 */
public record Category(String name, Group group, String paperRow, String title) {

    public enum Group {
        MIDDLEWARE,
        JVM
    }

    public Category {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(group, "group");
        paperRow = paperRow == null ? "" : paperRow;
        title = title == null || title.isEmpty() ? name : title;
    }

    public boolean isMiddleware() {
        return group == Group.MIDDLEWARE;
    }
}
