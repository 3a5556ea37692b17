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
 * Bayeux as Faye 1.0's cross-origin transports send it, read as CometD reads Bayeux:
 * <ul>
 * <li>cross-origin long-polling: the seed's browser page (Faye 1.0.1) posts {@code message=<URL-encoded
 * JSON>} as {@code text/plain} (it sets no content type, so that the browser's CORS rules need no
 * preflight for it); the original Faye server reads that form, CometD reads only a JSON body. A POST to
 * {@code /game} whose body is such a form is handed on as its JSON with {@code Content-Type:
 * application/json}. The body is small (a {@link org.eclipse.jetty.server.handler.SizeLimitHandler}
 * outside refuses over 64 KiB); one that is not valid URL encoding is answered {@code 400}.</li>
 * <li>callback-polling (JSONP): Faye 1.0 makes its handshake with a transport it may use before it knows
 * the server, long-polling on the page's own origin or callback-polling on another, so the seed's page
 * served from anywhere but this port shakes hands with {@code GET /game?message=<URL-encoded
 * JSON>&jsonp=<callback>} and reads the answer as a script, {@code callback([...]);}. CometD 9 has no
 * such transport: the request is handed on as a POST of that JSON, and CometD's JSON answer (a long poll
 * too, when it comes) is sent back wrapped in the callback as {@code text/javascript}. A callback that is
 * not a plain JavaScript name, or a missing {@code message}, is answered {@code 400}.</li>
 * </ul>
 * Every other request passes as it came.
 */
final class FayeFormBodies extends Handler.Wrapper {

    private static final byte[] PREFIX = "message=".getBytes(StandardCharsets.US_ASCII);

    FayeFormBodies(Handler handler) {
        super(handler);
    }

    /** A JSONP callback the answer may call: a JavaScript name, or names joined by dots. */
    private static final java.util.regex.Pattern CALLBACK = java.util.regex.Pattern.compile("[A-Za-z_$][\\w$]{0,63}(\\.[A-Za-z_$][\\w$]{0,63}){0,3}");

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (HttpMethod.GET.is(request.getMethod()) && request.getHttpURI().getQuery() != null
                && request.getHttpURI().getQuery().contains("jsonp=")) {
            return callbackPolling(request, response, callback);
        }
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
                Request decoded = withBody(request, json, startsWith(body, PREFIX) ? "application/json;charset=UTF-8" : type, null);
                if (!super.handle(decoded, response, callback)) {
                    Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404);
                }
            } catch (Throwable t) {
                Response.writeError(request, response, callback, t);
            }
        });
        return true;
    }

    /** {@code GET /game?message=...&jsonp=...}: CometD's answer to that POST, wrapped in the callback. */
    private boolean callbackPolling(Request request, Response response, Callback callback) throws Exception {
        org.eclipse.jetty.util.Fields query;
        try {
            query = Request.extractQueryParameters(request, StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            Response.writeError(request, response, callback, HttpStatus.BAD_REQUEST_400, "the query is not URL encoded");
            return true;
        }
        String jsonp = query.getValue("jsonp");
        String message = query.getValue("message");
        if (jsonp == null || !CALLBACK.matcher(jsonp).matches()) {
            Response.writeError(request, response, callback, HttpStatus.BAD_REQUEST_400, "jsonp= must name a JavaScript function");
            return true;
        }
        if (message == null) {
            Response.writeError(request, response, callback, HttpStatus.BAD_REQUEST_400, "message= is missing");
            return true;
        }
        byte[] json = message.getBytes(StandardCharsets.UTF_8);
        Request post = withBody(request, json, "application/json;charset=UTF-8", HttpMethod.POST.asString());
        Response wrapped = new JsonpResponse(response, jsonp);
        if (!super.handle(post, wrapped, callback)) {
            Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404);
        }
        return true;
    }

    /**
     * A response whose content is kept until its last write, then sent as {@code callback(content);}
     * with {@code Content-Type: text/javascript} (a Bayeux answer is one small JSON array).
     */
    private static final class JsonpResponse extends Response.Wrapper {
        private final String callbackName;
        private final java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();

        JsonpResponse(Response response, String callbackName) {
            super(response.getRequest(), response);
            this.callbackName = callbackName;
        }

        @Override
        public void write(boolean last, ByteBuffer buffer, Callback callback) {
            if (buffer != null) {
                byte[] bytes = new byte[buffer.remaining()];
                buffer.get(bytes);
                content.writeBytes(bytes);
            }
            if (!last) {
                callback.succeeded();
                return;
            }
            byte[] script = ("/**/" + callbackName + "(" + content.toString(StandardCharsets.UTF_8) + ");")
                    .getBytes(StandardCharsets.UTF_8);
            HttpFields.Mutable headers = getWrapped().getHeaders();
            headers.put(HttpHeader.CONTENT_TYPE, "text/javascript;charset=utf-8");
            headers.put(HttpHeader.CONTENT_LENGTH, Long.toString(script.length));
            headers.put(HttpHeader.CACHE_CONTROL, "no-cache, no-store");
            getWrapped().write(true, ByteBuffer.wrap(script), callback);
        }
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

    /** {@code request} with {@code body} as its content, its length and (when given) its type and method. */
    private static Request withBody(Request request, byte[] body, String type, String method) {
        HttpFields.Mutable headers = HttpFields.build(request.getHeaders());
        headers.put(HttpHeader.CONTENT_LENGTH, Long.toString(body.length));
        if (type != null) {
            headers.put(HttpHeader.CONTENT_TYPE, type);
        }
        Content.Source content = Content.Source.from(ByteBuffer.wrap(body));
        return new Request.Wrapper(request) {
            @Override
            public String getMethod() {
                return method == null ? super.getMethod() : method;
            }

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
