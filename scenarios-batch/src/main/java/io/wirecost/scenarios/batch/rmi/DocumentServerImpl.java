package io.wirecost.scenarios.batch.rmi;

import io.wirecost.scenarios.batch.files.DocumentProcessor;
import io.wirecost.scenarios.batch.files.FileResult;
import io.wirecost.scenarios.batch.files.Request;

/** The RMI face of the document processor: the whole batch in one call. */
record DocumentServerImpl(DocumentProcessor processor) implements ResourceServer {
    @Override
    public FileResult[] perform(Request doc) {
        return processor.perform(doc);
    }
}
