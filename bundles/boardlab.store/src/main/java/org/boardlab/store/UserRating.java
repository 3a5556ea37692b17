package org.boardlab.store;

import java.util.Objects;

/**
 * A new rating for an account ({@link Store#setRatings}).
 *
 * @param name   the account's name
 * @param rating its new rating
 * @param games  its rated games
 */
public record UserRating(String name, double rating, int games) {

    public UserRating {
        Objects.requireNonNull(name, "name");
    }
}
