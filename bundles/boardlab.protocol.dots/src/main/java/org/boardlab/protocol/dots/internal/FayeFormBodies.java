package org.boardlab.protocol.dots.internal;

import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Bayeux POSTs as Faye 1.0's cross-origin transport sends them, read as CometD reads Bayeux: the seed's
 * browser page (Faye 1.0.1) posts {@code message=<URL-encoded JSON>} as {@code text/plain} (it sets no
 * content type, so that the browser's CORS rules need no preflight for it); the original Faye server
 * reads that form, CometD reads only a JSON body. A POST to {@code /game} whose body is such a form is
 * handed on as its JSON with {@code Content-Type: application/json}; every other request passes as it
 * came. The body is small (a {@link org.eclipse.jetty.server.handler.SizeLimitHandler} outside refuses
 * over 64 KiB); one that is not valid URL encoding is answered {@code 400}.
 */
final class FayeFormBodies extends Handler.Wrapper {

    private static final byte[] PREFIX = "message=".getBytes(StandardCharsets.US_ASCII);

    FayeFormBodies(Handler handler) {
        super(handler);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        if (!HttpMethod.POST.is(request.getMethod()) || (type != null && !type.regionMatches(true, 0, "text/plain", 0, 10))) {
            return super.handle(request, response, callback);
        }
        Content.Source.asByteArrayAsync(request, (int) DotsWeb.MAX_BODY).whenComplete((body, failure) -> {
            try {
                if (failure != null) {
                    Response.writeError(request, response, callback, failure);
                    return;
                }
                byte[] json = body;
                if (startsWith(body, PREFIX)) {
                    try {
                        json = URLDecoder.decode(new String(body, PREFIX.length, body.length - PREFIX.length, StandardCharsets.US_ASCII),
                                StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
                    } catch (IllegalArgumentException e) {
                        Response.writeError(request, response, callback, HttpStatus.BAD_REQUEST_400, "message= is not URL encoded");
                        return;
                    }
                }
                Request decoded = withBody(request, json, startsWith(body, PREFIX) ? "application/json;charset=UTF-8" : type);
                if (!super.handle(decoded, response, callback)) {
                    Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404);
                }
            } catch (Throwable t) {
                Response.writeError(request, response, callback, t);
            }
        });
        return true;
    }

    private static boolean startsWith(byte[] body, byte[] prefix) {
        if (body.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (body[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@code request} with {@code body} as its content, its length and (when given) its type. */
    private static Request withBody(Request request, byte[] body, String type) {
        HttpFields.Mutable headers = HttpFields.build(request.getHeaders());
        headers.put(HttpHeader.CONTENT_LENGTH, Long.toString(body.length));
        if (type != null) {
            headers.put(HttpHeader.CONTENT_TYPE, type);
        }
        Content.Source content = Content.Source.from(ByteBuffer.wrap(body));
        return new Request.Wrapper(request) {
            @Override
            public HttpFields getHeaders() {
                return headers;
            }

            @Override
            public long getLength() {
                return body.length;
            }

            @Override
            public Content.Chunk read() {
                return content.read();
            }

            @Override
            public void demand(Runnable demandCallback) {
                content.demand(demandCallback);
            }

            @Override
            public void fail(Throwable failure) {
                content.fail(failure);
            }
        };
    }
}
