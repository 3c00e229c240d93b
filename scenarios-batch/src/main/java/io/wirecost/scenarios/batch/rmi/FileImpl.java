package io.wirecost.scenarios.batch.rmi;

import io.wirecost.scenarios.batch.files.FileStore;
import io.wirecost.scenarios.batch.files.Node;

/** A file's attributes, each behind its own remote call. */
record FileImpl(Node node) implements File {
    @Override
    public String getRequest() {
        return node.location();
    }

    @Override
    public long getModified() {
        return FileStore.MODIFIED_MILLIS;
    }

    @Override
    public int getLength() {
        return node.text().length();
    }

    @Override
    public String getText() {
        return node.text();
    }

    @Override
    public String getType() {
        return node.type();
    }

    @Override
    public String getEncoding() {
        return FileStore.ENCODING;
    }
}
