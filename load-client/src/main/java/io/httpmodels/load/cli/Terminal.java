package io.httpmodels.load.cli;

import java.io.Console;
import java.lang.reflect.Method;

/** What a command line needs to know of where it prints. */
public final class Terminal {

    private Terminal() {}

    /**
     * Whether standard output is a terminal, so a live progress line may overwrite itself. From JDK 22 on
     * {@link System#console()} is there even when the output is redirected; {@code Console.isTerminal()} (JDK 22,
     * called by reflection: the code is compiled for 21) tells.
     */
    public static boolean isTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
