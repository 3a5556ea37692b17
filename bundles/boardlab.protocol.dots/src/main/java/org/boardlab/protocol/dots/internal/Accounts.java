package org.boardlab.protocol.dots.internal;

import java.util.Optional;
import java.util.OptionalLong;

/** The accounts the Dots server needs: kept in boardlab's store ({@code boardlab.store}). */
interface Accounts {

    /** One account as the wire shows it. */
    record Account(long id, String name, int rating) {
    }

    /** Thrown by {@link #register} when the name is taken. */
    final class NameTaken extends Exception {
        private static final long serialVersionUID = 1L;

        NameTaken(String name) {
            super("the name " + name + " is taken");
        }
    }

    /** Makes an account rated {@link org.boardlab.store.rating.SeedElo#START}; returns its id. */
    long register(String name, String password) throws NameTaken;

    /** The account's id when the name and password match one, else empty. */
    OptionalLong verify(String name, String password);

    Optional<Account> account(long id);

    /** Stores both players' new ratings together. */
    void setRatings(long first, int firstRating, long second, int secondRating);
}
