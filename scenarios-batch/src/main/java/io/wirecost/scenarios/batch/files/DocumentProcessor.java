package io.wirecost.scenarios.batch.files;

import java.util.ArrayList;
import java.util.List;

/**
 * Performs a request document against a file store: the server side of both document-style variants
 * (web service and RMI), so they differ only in how the document travels.
 */
public final class DocumentProcessor {

    /** Deeper requests than this are refused: a request is data from the network. */
    public static final int MAX_DEPTH = 16;

    private final FileStore store;

    public DocumentProcessor(FileStore store) {
        this.store = store;
    }

    public FileResult[] perform(Request doc) {
        if (doc == null) throw new IllegalArgumentException("no request document");
        List<FileResult> out = new ArrayList<>();
        for (Request item : items(doc)) walk(store.root(), store.root().location(), item, out, 1);
        return out.toArray(new FileResult[0]);
    }

    private static void walk(Node parent, String parentLocation, Request req, List<FileResult> out, int depth) {
        if (depth > MAX_DEPTH) throw new IllegalArgumentException("request deeper than " + MAX_DEPTH + " steps");
        Node node = parent == null ? null : parent.child(req.getName());
        String location = (parentLocation.endsWith("/") ? parentLocation : parentLocation + "/") + req.getName();
        if (req.getResultId() != 0) {
            out.add(
                    node == null
                            ? FileResult.notFound(location, req.getResultId())
                            : FileResult.of(node, req.getResultId()));
        }
        // items below a missing entry are missing too: each still gets its 404
        for (Request item : items(req)) walk(node, location, item, out, depth + 1);
    }

    private static Request[] items(Request r) {
        return r.getItems() == null ? new Request[0] : r.getItems();
    }
}
