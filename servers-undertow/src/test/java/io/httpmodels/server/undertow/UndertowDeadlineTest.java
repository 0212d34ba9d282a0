package io.httpmodels.server.undertow;

import io.httpmodels.server.DeadlineKit;
import io.httpmodels.server.ModelUnderTest;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The deadline kit for the undertow model, the cases it fails on record ({@link UndertowDeadlineDeviations}). */
// In the slow set (mvn verify -Pslow, which .ci/run runs): it pins down the behaviour of a server this project
// does not write, case by case; mvn verify keeps the model's smoke test and stays within its minutes.
@Tag("slow")
class UndertowDeadlineTest extends DeadlineKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME).withDeviations(UndertowDeadlineDeviations.all()));
    }
}
