package io.wirecost.scenarios.batch.files;

import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Seed 004's request document (Fig. 3 and 5): a tree of path steps. Each item names a child of its
 * parent; an item with a result id asks for that entry's file. The same class travels as XML in the
 * web service (JAXB: bean properties) and as a serialized object in the document-style RMI variant.
 * The root request names no entry: it stands for the server's root container.
 */
public class Request implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private String name;
    private Request[] items;
    private int resultId;

    public Request() {}

    public Request(String name) {
        this.name = name;
    }

    /**
     * {@code /base/section/test0.htm} ... {@code test(n-1).htm} as one document: one base item, one
     * section item, n file items with result ids 1..n.
     */
    public static Request forFiles(int n) {
        List<Request> files = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Request f = new Request(FileStore.fileName(i));
            f.setResultId(i + 1);
            files.add(f);
        }
        Request section = new Request(FileStore.SECTION);
        section.setItems(files.toArray(new Request[0]));
        Request base = new Request(FileStore.BASE);
        base.setItems(new Request[] {section});
        Request root = new Request();
        root.setItems(new Request[] {base});
        return root;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Request[] getItems() {
        return items;
    }

    public void setItems(Request[] items) {
        this.items = items;
    }

    /** 0: no file wanted from this entry, only a path step. */
    public int getResultId() {
        return resultId;
    }

    public void setResultId(int resultId) {
        this.resultId = resultId;
    }
}
