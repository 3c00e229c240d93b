package io.wirecost.scenarios.batch.rmi;

import io.wirecost.scenarios.batch.files.Node;

/** A container of the tree; its children come back to the client as stubs of exported objects. */
final class ContainerImpl implements Container {

    private final Node node;
    private final RmiFileServer server;

    ContainerImpl(Node node, RmiFileServer server) {
        this.node = node;
        this.server = server;
    }

    @Override
    public Container sub(String name) throws FileNotFound {
        Node child = node.child(name);
        if (child == null)
            throw new FileNotFound(node.location() + (node.location().endsWith("/") ? "" : "/") + name);
        return server.container(child);
    }

    @Override
    public File get() {
        return server.file(node);
    }
}
