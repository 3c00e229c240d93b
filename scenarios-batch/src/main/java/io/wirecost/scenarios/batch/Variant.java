package io.wirecost.scenarios.batch;

/** The three implementations of seed 004 (Figs. 7-9), by the labels used in results. */
public enum Variant {
    /** Container/File remote objects: five calls per file (sub base, sub section, sub file, get, getText). */
    RMI_OBJECTS("rmi-objects", "RMI"),
    /** The request document over SOAP (Metro, document/literal): one HTTP request per batch. */
    WS_DOCUMENT("ws-document", "Web Service"),
    /** The same document over RMI: one call per batch. */
    RMI_DOCUMENT("rmi-document", "RMI Optimized");

    private final String label;
    private final String paperName;

    Variant(String label, String paperName) {
        this.label = label;
        this.paperName = paperName;
    }

    public String label() {
        return label;
    }

    public String paperName() {
        return paperName;
    }

    public static Variant byLabel(String label) {
        for (Variant v : values()) if (v.label.equals(label)) return v;
        throw new IllegalArgumentException("unknown variant '" + label + "'");
    }
}
