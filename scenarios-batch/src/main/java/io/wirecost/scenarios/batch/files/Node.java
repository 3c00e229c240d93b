package io.wirecost.scenarios.batch.files;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of the file tree: a container with children, or a file with text. As in HTTP (and
 * seed 004's Container interface), a path step does not say which it is.
 *
 * @param location the absolute path, e.g. {@code /base/section/test3.htm}
 * @param text     the file's content; for a container, a listing of its children
 */
public record Node(String name, String location, String text, Map<String, Node> children) {

    public Node {
        children = Collections.unmodifiableMap(new LinkedHashMap<>(children));
    }

    public Node child(String childName) {
        return childName == null ? null : children.get(childName);
    }

    public boolean isFile() {
        return children.isEmpty();
    }

    public String type() {
        return isFile() ? "text/html" : "text/plain";
    }
}
