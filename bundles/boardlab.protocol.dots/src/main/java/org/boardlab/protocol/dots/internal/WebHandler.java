package org.boardlab.protocol.dots.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.boardlab.protocol.dots.DotsWire;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.thread.Invocable.InvocationType;

/**
 * Seed 002's four HTTP routes, and the browser page with its scripts. Parameters are read from the
 * query string and from an {@code application/x-www-form-urlencoded} body, as the original's Express
 * {@code req.param} does; answers carry {@code Access-Control-Allow-Origin: *}, errors are plain text.
 *
 * <pre>
 *   POST /register  name, password        200 "OK!" | 400 Bad request | 406 Already exists | 406 Password too short
 *   POST /auth      name, password        200 {"id":"7","token":"<20 hex>"} | 400 | 401 Invalid username/password
 *                                         | 429 Too many attempts
 *   (both)                                | 503 Busy, try again (more logins waiting than the server hashes in seconds)
 *   GET  /queue     id, token [, min, max, name]   200 {"queue":[{"id","name","rating"}...]} | 400 | 401 Invalid token!
 *   GET  /gamedata  id, token, channel    200 the game's hash | 400 | 401 Invalid token! | 404 Game not found
 * </pre>
 *
 * <p>The form of {@code /register} and {@code /auth} is read without holding a thread (a client that
 * sends its body slowly holds none), and their password hashes (PBKDF2, a tenth of a second of CPU or
 * more each) run on a pool of their own, one thread for every two cores, with at most
 * {@link #WAITING_LOGINS} waiting: a burst of logins, or a student trying passwords, is answered in
 * turn and never takes the threads or the cores that carry the games' messages.
 */
final class WebHandler extends Handler.Abstract {

    /** The page's files: path → (resource, content type). */
    private static final Map<String, String[]> FILES = Map.ofEntries(
            Map.entry("/", new String[] {"index.html", "text/html; charset=utf-8"}),
            Map.entry("/index.html", new String[] {"index.html", "text/html; charset=utf-8"}),
            Map.entry("/dots.css", new String[] {"dots.css", "text/css; charset=utf-8"}),
            Map.entry("/dots.js", new String[] {"dots.js", "text/javascript; charset=utf-8"}));
    private static final String LIB = "/lib/cometd/";

    private volatile DotsRoom room;
    private final Accounts accounts;
    private final Tokens tokens;
    private final LoginLimiter limiter = new LoginLimiter();
    private final Map<String, Optional<byte[]>> cache = new ConcurrentHashMap<>();
    private final ThreadPoolExecutor passwords;

    /** Logins and registrations waiting for a hash; more are answered {@code 503 Busy, try again}. */
    static final int WAITING_LOGINS = 32;

    WebHandler(Accounts accounts, Tokens tokens) {
        this.accounts = accounts;
        this.tokens = tokens;
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        passwords = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(WAITING_LOGINS), r -> {
            Thread t = new Thread(r, "boardlab-dots-passwords");
            t.setDaemon(true);
            return t;
        });
        passwords.allowCoreThreadTimeOut(true);
    }

    /** Stops hashing; logins still waiting are not answered (the server is stopping). */
    void close() {
        passwords.shutdownNow();
    }

    Tokens tokens() {
        return tokens;
    }

    /** The room the routes answer from (set once the Bayeux server runs). */
    void room(DotsRoom room) {
        this.room = room;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (room == null) {
            text(response, callback, HttpStatus.SERVICE_UNAVAILABLE_503, "Starting");
            return true;
        }
        String path = request.getHttpURI().getDecodedPath();
        String method = request.getMethod();
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN, "*");
        switch (path) {
            // the form is read as it comes, on no thread; what is done with it next blocks nothing (a hash goes to its pool)
            case "/register", "/auth" -> Request.onParameters(request, Promise.Invocable.from(InvocationType.NON_BLOCKING, (p, failure) -> {
                try {
                    if (failure != null) {
                        text(response, callback, HttpStatus.BAD_REQUEST_400, "Bad request");
                    } else if (path.equals("/register")) {
                        register(request, p, response, callback);
                    } else {
                        auth(request, p, response, callback);
                    }
                } catch (Throwable t) {
                    Response.writeError(request, response, callback, t);
                }
            }));
            case "/queue" -> queue(request, response, callback);
            case "/gamedata" -> gameData(request, response, callback);
            default -> {
                if (!HttpMethod.GET.is(method) && !HttpMethod.HEAD.is(method)) {
                    text(response, callback, HttpStatus.NOT_FOUND_404, "Not found");
                } else {
                    file(path, response, callback);
                }
            }
        }
        return true;
    }

    private static String param(Fields fields, String name) {
        Fields.Field f = fields.get(name);
        return f == null ? null : f.getValue();
    }

    private static Fields params(Request request, Response response, Callback callback) {
        try {
            return Request.getParameters(request);
        } catch (Exception e) {
            text(response, callback, HttpStatus.BAD_REQUEST_400, "Bad request");
            return null;
        }
    }

    /** Runs {@code hashing} on the password pool; answers {@code 503} when too many logins wait already. */
    private void hashed(Request request, Response response, Callback callback, Runnable hashing) {
        try {
            passwords.execute(() -> {
                try {
                    hashing.run();
                } catch (Throwable t) {
                    Response.writeError(request, response, callback, t);
                }
            });
        } catch (RejectedExecutionException e) {
            text(response, callback, HttpStatus.SERVICE_UNAVAILABLE_503, "Busy, try again");
        }
    }

    private void register(Request request, Fields p, Response response, Callback callback) {
        String name = param(p, "name");
        String password = param(p, "password");
        if (!HttpMethod.POST.is(request.getMethod()) || name == null || name.isBlank() || password == null || password.isEmpty()
                || name.length() > DotsWire.MAX_NAME || name.chars().anyMatch(Character::isISOControl)) {
            text(response, callback, HttpStatus.BAD_REQUEST_400, "Bad request");
            return;
        }
        if (password.length() < DotsWire.MIN_PASSWORD) {
            text(response, callback, HttpStatus.NOT_ACCEPTABLE_406, "Password too short");
            return;
        }
        hashed(request, response, callback, () -> {
            try {
                accounts.register(name, password);
                text(response, callback, HttpStatus.OK_200, "OK!");
            } catch (Accounts.NameTaken e) {
                text(response, callback, HttpStatus.NOT_ACCEPTABLE_406, "Already exists");
            }
        });
    }

    private void auth(Request request, Fields p, Response response, Callback callback) {
        String name = param(p, "name");
        String password = param(p, "password");
        if (!HttpMethod.POST.is(request.getMethod()) || name == null || name.isEmpty() || password == null || password.isEmpty()) {
            text(response, callback, HttpStatus.BAD_REQUEST_400, "Bad request");
            return;
        }
        String address = Request.getRemoteAddr(request);
        if (limiter.blocked(name, address)) {
            text(response, callback, 429, "Too many attempts");
            return;
        }
        hashed(request, response, callback, () -> {
            var id = accounts.verify(name, password);
            if (id.isEmpty()) {
                limiter.failed(name, address);
                text(response, callback, HttpStatus.UNAUTHORIZED_401, "Invalid username/password");
                return;
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("id", String.valueOf(id.getAsLong()));
            out.put("token", tokens.issue(id.getAsLong()));
            json(response, callback, out);
        });
    }

    private void queue(Request request, Response response, Callback callback) {
        Fields p = params(request, response, callback);
        if (p == null) {
            return;
        }
        String id = param(p, "id");
        String token = param(p, "token");
        if (id == null || token == null) {
            text(response, callback, HttpStatus.BAD_REQUEST_400, "Bad request");
            return;
        }
        long user = room.authenticate(id, token);
        if (user <= 0) {
            text(response, callback, HttpStatus.UNAUTHORIZED_401, "Invalid token!");
            return;
        }
        int min;
        int max;
        try {
            min = param(p, "min") == null || param(p, "min").isEmpty() ? Integer.MIN_VALUE : Integer.parseInt(param(p, "min"));
            max = param(p, "max") == null || param(p, "max").isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(param(p, "max"));
        } catch (NumberFormatException e) {
            text(response, callback, HttpStatus.BAD_REQUEST_400, "Bad request");
            return;
        }
        List<Map<String, Object>> list = room.queueFor(user, min, max, param(p, "name"));
        json(response, callback, Map.of("queue", list));
    }

    private void gameData(Request request, Response response, Callback callback) {
        Fields p = params(request, response, callback);
        if (p == null) {
            return;
        }
        String id = param(p, "id");
        String token = param(p, "token");
        String channel = param(p, "channel");
        if (id == null || token == null || channel == null) {
            text(response, callback, HttpStatus.BAD_REQUEST_400, "Bad request");
            return;
        }
        if (room.authenticate(id, token) <= 0) {
            text(response, callback, HttpStatus.UNAUTHORIZED_401, "Invalid token!");
            return;
        }
        Optional<DotsGame> g = room.game(channel);
        if (g.isEmpty() || g.get().isOver()) {
            text(response, callback, HttpStatus.NOT_FOUND_404, "Game not found");
            return;
        }
        json(response, callback, g.get().gameData());
    }

    private void file(String path, Response response, Callback callback) {
        String resource;
        String type;
        if (FILES.containsKey(path)) {
            resource = FILES.get(path)[0];
            type = FILES.get(path)[1];
        } else if (path.startsWith(LIB) && path.endsWith(".js") && path.indexOf('/', LIB.length()) < 0
                && path.substring(LIB.length()).matches("[A-Za-z0-9]+\\.js")) {
            resource = "lib/cometd/" + path.substring(LIB.length());
            type = "text/javascript; charset=utf-8";
        } else {
            text(response, callback, HttpStatus.NOT_FOUND_404, "Not found");
            return;
        }
        Optional<byte[]> bytes = cache.computeIfAbsent(resource, r -> {
            try (InputStream in = WebHandler.class.getResourceAsStream("/web/" + r)) {
                return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
            } catch (IOException e) {
                return Optional.empty();
            }
        });
        if (bytes.isEmpty()) {
            text(response, callback, HttpStatus.NOT_FOUND_404, "Not found");
            return;
        }
        response.setStatus(HttpStatus.OK_200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
        response.write(true, ByteBuffer.wrap(bytes.get()), callback);
    }

    static void text(Response response, Callback callback, int status, String body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
    }

    private static void json(Response response, Callback callback, Object value) {
        response.setStatus(HttpStatus.OK_200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.write(true, ByteBuffer.wrap(Json.write(value).getBytes(StandardCharsets.UTF_8)), callback);
    }
}
