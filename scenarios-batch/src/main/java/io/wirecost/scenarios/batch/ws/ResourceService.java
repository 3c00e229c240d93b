package io.wirecost.scenarios.batch.ws;

import io.wirecost.scenarios.batch.files.FileResult;
import io.wirecost.scenarios.batch.files.Request;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/**
 * Seed 004's document-oriented web service (Fig. 3-5): one operation that takes a request document
 * and returns every requested file, document/literal. (The paper's Axis published it with SOAP
 * encoding; Metro has no encoded style, see middleware-notes.)
 */
@WebService(name = "ResourceServer", targetNamespace = ResourceService.NAMESPACE)
@SOAPBinding(
        style = SOAPBinding.Style.DOCUMENT,
        use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.WRAPPED)
public interface ResourceService {

    String NAMESPACE = "urn:wirecost:batch";
    String SERVICE = "ResourceService";
    String PORT = "ResourceServerPort";

    @WebMethod(operationName = "perform")
    @WebResult(name = "result")
    FileResult[] perform(@WebParam(name = "doc") Request doc);
}
