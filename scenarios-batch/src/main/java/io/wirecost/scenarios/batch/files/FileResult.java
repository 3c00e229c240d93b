package io.wirecost.scenarios.batch.files;

import java.io.Serial;
import java.io.Serializable;

/**
 * Seed 004's FileResult (Fig. 3 and 5): a file's attributes and text, the result id of the request
 * item that asked for it, and a status code in place of an exception (200 found, 404 not found), since
 * one document may hold results that succeeded and results that failed.
 */
public class FileResult implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    public static final int OK = 200;
    public static final int NOT_FOUND = 404;

    private String text;
    private String encoding;
    private int length;
    private String type;
    private long modified;
    private String location;
    private int resultId;
    private int statusCode;

    public FileResult() {}

    static FileResult of(Node node, int resultId) {
        FileResult r = new FileResult();
        r.text = node.text();
        r.encoding = FileStore.ENCODING;
        r.length = node.text().length();
        r.type = node.type();
        r.modified = FileStore.MODIFIED_MILLIS;
        r.location = node.location();
        r.resultId = resultId;
        r.statusCode = OK;
        return r;
    }

    static FileResult notFound(String location, int resultId) {
        FileResult r = new FileResult();
        r.location = location;
        r.resultId = resultId;
        r.statusCode = NOT_FOUND;
        return r;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }

    public String getEncoding() {
        return encoding;
    }

    public void setEncoding(String encoding) {
        this.encoding = encoding;
    }

    public int getLength() {
        return length;
    }

    public void setLength(int length) {
        this.length = length;
    }

    public String getType() {
        return type;
    }

    public void setType(String type) {
        this.type = type;
    }

    public long getModified() {
        return modified;
    }

    public void setModified(long modified) {
        this.modified = modified;
    }

    public String getLocation() {
        return location;
    }

    public void setLocation(String location) {
        this.location = location;
    }

    public int getResultId() {
        return resultId;
    }

    public void setResultId(int resultId) {
        this.resultId = resultId;
    }

    public int getStatusCode() {
        return statusCode;
    }

    public void setStatusCode(int statusCode) {
        this.statusCode = statusCode;
    }
}
