package io.httpmodels.server.db;

/**
 * A row of TechEmpower's {@code world} table; serialised as {@code {"id":3217,"randomNumber":2149}}.
 *
 * @param id           1 to {@link WorldStore#WORLD_ROWS}
 * @param randomNumber 1 to {@link WorldStore#WORLD_ROWS}
 */
public record World(int id, int randomNumber) {}
