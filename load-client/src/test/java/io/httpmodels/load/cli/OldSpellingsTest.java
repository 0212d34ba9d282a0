package io.httpmodels.load.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/** A boolean that took on|off reads its old values with one line of warning, and its new spellings without. */
class OldSpellingsTest {

    @Command(name = "tool")
    static final class Tool {
        @Option(
                names = "--why",
                negatable = true,
                defaultValue = "true",
                fallbackValue = "true",
                preprocessor = OldSpellings.OnOff.class)
        boolean why = true;

        @Parameters
        List<String> rest = new ArrayList<>();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            ''               | true  | ''      | ''
            --why            | true  | ''      | ''
            --no-why         | false | ''      | ''
            --why off        | false | ''      | tool: --why off is an old spelling: use --no-why
            --why on         | true  | ''      | tool: --why on is an old spelling: use --why
            --why no         | false | ''      | tool: --why no is an old spelling: use --no-why
            --why yes x      | true  | x       | tool: --why yes is an old spelling: use --why
            --why=off        | false | ''      | tool: --why off is an old spelling: use --no-why
            --why=ON         | true  | ''      | tool: --why ON is an old spelling: use --why
            --no-why off     | true  | ''      | tool: --no-why off is an old spelling: use --why
            --why other      | true  | other   | ''
            """)
    void oldValuesStillWorkWithOneLineSaid(String words, boolean why, String rest, String said) {
        Tool tool = new Tool();
        StringWriter err = new StringWriter();
        CommandLine line = new CommandLine(tool);
        line.setErr(new PrintWriter(err, true));
        line.parseArgs(words.isEmpty() ? new String[0] : words.split(" "));
        assertEquals(why, tool.why, words);
        assertEquals(rest.isEmpty() ? List.of() : List.of(rest), tool.rest, words);
        if (said.isEmpty()) {
            assertEquals("", err.toString(), words);
        } else {
            assertEquals(said + " (the old one goes in the next release)" + System.lineSeparator(), err.toString());
        }
        assertEquals(
                words.startsWith("--why") || words.startsWith("--no-why"),
                OldSpellings.given(line.getCommandSpec(), "--why"));
    }

    @Test
    void nothingIsGivenBeforeTheWordsAreRead() {
        assertFalse(OldSpellings.given(new CommandLine(new Tool()).getCommandSpec(), "--why"));
    }
}
