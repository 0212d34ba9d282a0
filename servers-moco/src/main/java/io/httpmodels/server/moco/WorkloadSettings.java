package io.httpmodels.server.moco;

import static com.github.dreamhead.moco.Moco.binary;
import static com.github.dreamhead.moco.Moco.conditional;
import static com.github.dreamhead.moco.Moco.header;
import static com.github.dreamhead.moco.Moco.status;
import static com.github.dreamhead.moco.Moco.text;

import com.github.dreamhead.moco.HttpRequest;
import com.github.dreamhead.moco.HttpServer;
import com.github.dreamhead.moco.MocoProcedure;
import com.github.dreamhead.moco.Request;
import com.github.dreamhead.moco.ResponseElement;
import com.github.dreamhead.moco.resource.ContentResource;
import io.httpmodels.server.Route;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpDate;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The workload as moco settings: one {@code request(matcher).response(elements)} per kind of answer, each matcher a
 * moco {@code conditional} over the shared {@link Answer} (so that 404, 405, 501 and {@code OPTIONS} mean what they
 * mean in every model), each response moco's own elements: {@code status}, {@code header}, a {@code binary} body.
 * Moco tries the settings in the order they were added and answers with the first that matches: the workload's two
 * hot routes come first.
 *
 * <p>Every answer carries {@code Server}, {@code Date} (the project's {@link HttpDate}, read per request) and
 * {@code Content-Type}, set before the body so that moco keeps it rather than its own; moco adds
 * {@code Content-Length} from the body. With work, a moco procedure comes first, as moco's own {@code latency(...)}
 * would: the workload's sleep ({@link Workload#simulateWork}), on the event loop that serves the request.
 *
 * <p>The database routes: moco's {@code status(...)} is fixed per setting, but a database answer's status (200, or
 * 503 when the database fails) is only known once it has been queried. So the first database setting's matcher asks
 * {@link DatabaseRoutes#answer} (blocking on the {@link WorldStore}, on the event loop, where moco runs everything),
 * keeps the answer for that request on the thread ({@link DatabaseAnswer}), and matches when it is a 200; the
 * following settings match the same kept answer's 503 and 500; the elements (content type, body) read it too. One
 * query per request: moco matches and answers one request at a time on its loop's thread, with the same request
 * object throughout.
 *
 * <p>Immutable once added: moco calls the matchers and body functions on its event loops, concurrently.
 */
final class WorkloadSettings {

    /** Every status {@link Answer.Refuse} gives: one setting each, since moco's {@code status} is fixed per setting. */
    private static final List<HttpStatus> REFUSALS = List.of(
            HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.METHOD_NOT_ALLOWED, HttpStatus.NOT_IMPLEMENTED);

    private static final byte[] NO_CONTENT = new byte[0];

    /** The statuses a database answer can have, one setting each: found, a failing database, a bug. */
    private static final List<HttpStatus> DATABASE_STATUSES =
            List.of(HttpStatus.OK, HttpStatus.SERVICE_UNAVAILABLE, HttpStatus.INTERNAL_SERVER_ERROR);

    private final String serverHeader;
    private final int workMillis;
    private final WorldStore store;

    private WorkloadSettings(String name, int workMillis, WorldStore store) {
        this.serverHeader = Workload.serverHeader(name);
        this.workMillis = workMillis;
        this.store = store;
    }

    /**
     * Adds the workload's settings to {@code server}, answering as model {@code name} after {@code workMillis}, the
     * database routes from {@code store} ({@code null}: they answer 503).
     */
    static void addTo(HttpServer server, String name, int workMillis, WorldStore store) {
        new WorkloadSettings(name, workMillis, store).addTo(server);
    }

    private void addTo(HttpServer server) {
        serve(server, Route.PLAINTEXT, binary(Workload.plaintextBody()));
        serve(server, Route.JSON, binary(request -> Workload.jsonBody()));
        serve(server, Route.ECHO, binary(request -> EchoBody.of((HttpRequest) request)));
        for (HttpStatus status : DATABASE_STATUSES) {
            List<ResponseElement> database = new ArrayList<>();
            if (workMillis > 0) {
                database.add(work());
            }
            if (status != HttpStatus.OK) {
                database.add(status(status.code()));
            }
            database.add(header("Server", serverHeader));
            database.add(header("Date", text(request -> HttpDate.now().toString())));
            database.add(header(
                    "Content-Type", text(request -> databaseAnswer(request).contentType())));
            database.add(binary(request -> databaseAnswer(request).body()));
            respondWhen(
                    server,
                    request -> answerTo(request) instanceof Answer.Serve serve
                            && DatabaseRoutes.serves(serve.route())
                            && databaseAnswer(request).status() == status,
                    database);
        }
        List<ResponseElement> options = elements(HttpStatus.OK, Workload.TEXT_PLAIN);
        options.add(header("Allow", text(request -> ((Answer.Options) answerTo(request)).allow())));
        options.add(binary(NO_CONTENT));
        respond(server, answer -> answer instanceof Answer.Options, options);
        for (HttpStatus status : REFUSALS) {
            List<ResponseElement> refusal = elements(status, Workload.TEXT_PLAIN);
            if (status == HttpStatus.METHOD_NOT_ALLOWED) {
                refusal.add(header("Allow", text(request -> refusalTo(request).allow())));
            }
            refusal.add(binary(request -> {
                Answer.Refuse refuse = refusalTo(request);
                return Answer.errorBody(refuse.status(), refuse.detail());
            }));
            respond(server, answer -> answer instanceof Answer.Refuse refuse && refuse.status() == status, refusal);
        }
    }

    private void serve(HttpServer server, Route route, ContentResource body) {
        Answer served = Answer.Serve.of(route);
        List<ResponseElement> elements =
                elements(HttpStatus.OK, route == Route.JSON ? Workload.APPLICATION_JSON : Workload.TEXT_PLAIN);
        elements.add(body);
        respond(server, answer -> answer == served, elements);
    }

    /** One setting: the requests whose answer {@code matches} get {@code elements}, in order. */
    private static void respond(HttpServer server, Predicate<Answer> matches, List<ResponseElement> elements) {
        respondWhen(server, request -> matches.test(answerTo(request)), elements);
    }

    /** One setting: the requests {@code matches} takes get {@code elements}, in order. */
    private static void respondWhen(HttpServer server, Predicate<Request> matches, List<ResponseElement> elements) {
        server.request(conditional(matches))
                .response(elements.get(0), elements.subList(1, elements.size()).toArray(ResponseElement[]::new));
    }

    /**
     * The database's answer to {@code request}, queried on this thread (the event loop) the first time it is asked
     * for, and kept for the settings and elements that ask again while moco handles the same request.
     */
    private HttpResponse databaseAnswer(Request request) {
        DatabaseAnswer kept = DatabaseAnswer.KEPT.get();
        if (kept != null && kept.request() == request) {
            return kept.answer();
        }
        Answer.Serve serve = (Answer.Serve) answerTo(request);
        HttpResponse answer;
        try {
            answer = DatabaseRoutes.answer(serve.route(), ((HttpRequest) request).getUri() + query(request), store);
        } catch (RuntimeException e) {
            answer = HttpResponse.error(HttpStatus.INTERNAL_SERVER_ERROR, "the database route failed: " + e);
        }
        DatabaseAnswer.KEPT.set(new DatabaseAnswer(request, answer));
        return answer;
    }

    /** The {@code queries} parameter as moco decoded it, re-encoded for {@link DatabaseRoutes#queryCount}. */
    private static String query(Request request) {
        String[] queries = ((HttpRequest) request).getQueries().get("queries");
        return queries == null || queries.length == 0 ? "" : "?queries=" + queries[0];
    }

    /** The last database answer of this thread (one event loop), with the request it answers. */
    private record DatabaseAnswer(Request request, HttpResponse answer) {
        static final ThreadLocal<DatabaseAnswer> KEPT = new ThreadLocal<>();
    }

    /** The work, the status and the headers every answer starts with; the caller adds its own and the body. */
    private List<ResponseElement> elements(HttpStatus status, String contentType) {
        List<ResponseElement> elements = new ArrayList<>();
        if (workMillis > 0) {
            elements.add(work());
        }
        if (status != HttpStatus.OK) { // moco's default status
            elements.add(status(status.code()));
        }
        elements.add(header("Server", serverHeader));
        elements.add(header("Date", text(request -> HttpDate.now().toString())));
        elements.add(header("Content-Type", contentType));
        return elements;
    }

    /**
     * The work as a moco procedure, which moco runs in the handler's turn, on the event loop: what its own
     * {@code latency(...)} does, with the sleep every model sleeps.
     */
    private MocoProcedure work() {
        return () -> {
            try {
                Workload.simulateWork(workMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted in the work: moco is stopping", e);
            }
        };
    }

    /** The answer the shared definition gives moco's request: its method and the path moco decoded. */
    private static Answer answerTo(Request request) {
        HttpRequest http = (HttpRequest) request;
        return Answer.forRequest(http.getMethod().name(), http.getUri());
    }

    private static Answer.Refuse refusalTo(Request request) {
        return (Answer.Refuse) answerTo(request);
    }
}
