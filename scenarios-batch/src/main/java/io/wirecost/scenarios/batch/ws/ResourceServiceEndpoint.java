package io.wirecost.scenarios.batch.ws;

import io.wirecost.scenarios.batch.files.DocumentProcessor;
import io.wirecost.scenarios.batch.files.FileResult;
import io.wirecost.scenarios.batch.files.FileStore;
import io.wirecost.scenarios.batch.files.Request;
import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.servlet.ServletContext;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;

/**
 * The web service's implementation, created by Metro from {@code WEB-INF/sun-jaxws.xml}, hence its
 * no-argument constructor. The file count comes from the web application's context parameter
 * {@value #FILES_PARAMETER} (set by {@link MetroServer}), read on the first request.
 */
@WebService(
        endpointInterface = "io.wirecost.scenarios.batch.ws.ResourceService",
        targetNamespace = ResourceService.NAMESPACE,
        serviceName = ResourceService.SERVICE,
        portName = ResourceService.PORT)
public class ResourceServiceEndpoint implements ResourceService {

    static final String FILES_PARAMETER = "wirecost.batch.files";

    @Resource
    private WebServiceContext context;

    private volatile DocumentProcessor processor;

    @Override
    public FileResult[] perform(Request doc) {
        return processor().perform(doc);
    }

    private DocumentProcessor processor() {
        DocumentProcessor p = processor;
        if (p == null) {
            ServletContext servlet =
                    (ServletContext) context.getMessageContext().get(MessageContext.SERVLET_CONTEXT);
            p = new DocumentProcessor(new FileStore(Integer.parseInt(servlet.getInitParameter(FILES_PARAMETER))));
            processor = p;
        }
        return p;
    }
}
