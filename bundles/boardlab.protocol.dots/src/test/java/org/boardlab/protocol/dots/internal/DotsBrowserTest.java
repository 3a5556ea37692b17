package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in a real headless Chromium (Debian's chromium and chromedriver, driven by Selenium): two
 * people register, find each other in the lobby, invite and accept, play a game with a capture by
 * clicking the board, offer a draw that is declined, end the game at the score, and see their new
 * ratings back in the lobby. Ann's browser is desktop-sized, Bob's phone-sized. Screenshots are kept
 * in {@code target/screenshots/dots-*.png}.
 */
class DotsBrowserTest {

    private static final Path SHOTS = Path.of("target", "screenshots");
    private static DotsTestServer server;
    private static final List<WebDriver> drivers = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        assertThat(Path.of("/usr/bin/chromium")).as("Debian's chromium must be installed (.ci/run installs it)").exists();
        assertThat(Path.of("/usr/bin/chromedriver")).as("Debian's chromium-driver must be installed (.ci/run installs it)").exists();
        Files.createDirectories(SHOTS);
        server = new DotsTestServer(DotsTestServer.FAST);
    }

    @AfterAll
    static void stop() {
        for (WebDriver d : drivers) {
            d.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    private static WebDriver browser(int width, int height) throws Exception {
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + Files.createTempDirectory("dots-chromium"),
                "--window-size=" + width + "," + height);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new java.io.File("/usr/bin/chromedriver"))
                .usingAnyFreePort().build();
        WebDriver d = new ChromeDriver(service, options);
        d.manage().window().setSize(new Dimension(width, height));
        drivers.add(d);
        return d;
    }

    private static WebDriverWait waiting(WebDriver d) {
        WebDriverWait wait = new WebDriverWait(d, Duration.ofSeconds(30));
        // the page redraws the lobby and the dialogs as news comes: an element found a moment ago may be replaced
        wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return wait;
    }

    /** Clicks the element, finding it again if the page replaced it between finding and clicking. */
    private static void click(WebDriver d, By by) {
        waiting(d).until(x -> {
            x.findElement(by).click();
            return true;
        });
    }

    private static void shot(WebDriver d, String name) throws Exception {
        byte[] png = ((org.openqa.selenium.TakesScreenshot) d).getScreenshotAs(OutputType.BYTES);
        Files.write(SHOTS.resolve("dots-" + name + ".png"), png);
    }

    private static Object js(WebDriver d, String script, Object... args) {
        return ((JavascriptExecutor) d).executeScript(script, args);
    }

    private static void register(WebDriver d, String name) {
        d.get(server.base + "/");
        d.findElement(By.id("name")).sendKeys(name);
        d.findElement(By.id("password")).sendKeys("secret-" + name);
        click(d, By.id("register"));
        waiting(d).until(x -> x.findElement(By.id("lobby-view")).isDisplayed());
    }

    /** Clicks the board at the wire's point (x = row, y = column), as a person would. */
    private static void clickPoint(WebDriver d, int x, int y) {
        WebElement board = d.findElement(By.id("board"));
        org.openqa.selenium.Rectangle r = board.getRect();
        double scale = r.getWidth() / 822.0;
        int px = (int) Math.round((12 + 21 * y) * scale - r.getWidth() / 2.0);
        int py = (int) Math.round((12 + 21 * x) * scale - r.getHeight() / 2.0);
        new Actions(d).moveToElement(board, px, py).click().perform();
    }

    private static void waitDot(WebDriver d, int x, int y, int player) {
        waiting(d).until(w -> Long.valueOf(player).equals(js(w, "return window.dots.state.game && window.dots.state.game.color[arguments[0]][arguments[1]]", x, y)));
    }

    private static String text(WebDriver d, String id) {
        return d.findElement(By.id(id)).getText();
    }

    @Test
    void twoBrowsersRegisterInvitePlayACaptureDeclineADrawFinishAndSeeTheirNewRatings() throws Exception {
        WebDriver ann = browser(1100, 1000);
        WebDriver bob = browser(390, 844); // a phone
        register(ann, "ann");
        register(bob, "bob");
        waiting(ann).until(d -> !d.findElements(By.cssSelector("tr.player[data-name='bob']")).isEmpty());
        shot(ann, "1-lobby-ann");
        shot(bob, "1-lobby-bob-phone");

        click(ann, By.cssSelector("tr.player[data-name='bob']"));
        waiting(bob).until(d -> d.findElement(By.id("incoming-dialog")).isDisplayed());
        assertThat(text(bob, "incoming-text")).contains("ann").contains("1600");
        assertThat(text(ann, "invite-text")).contains("bob");
        shot(ann, "2-invitation-sent");
        shot(bob, "2-invitation-received");
        click(bob, By.id("accept"));
        for (WebDriver d : List.of(ann, bob)) {
            waiting(d).until(x -> x.findElement(By.id("game-view")).isDisplayed());
        }
        waiting(ann).until(d -> text(d, "turn").equals("Your move"));
        assertThat(text(bob, "turn")).isEqualTo("Opponent's move");

        // seed 002's capture: blue at (6,6) surrounded by red at (5,6), (6,5), (7,6), (6,7)
        int[][] moves = {{1, 5, 6}, {2, 6, 6}, {1, 6, 5}, {2, 0, 0}, {1, 7, 6}, {2, 0, 2}, {1, 6, 7}};
        for (int[] m : moves) {
            WebDriver mover = m[0] == 1 ? ann : bob;
            waiting(mover).until(d -> text(d, "turn").equals("Your move"));
            clickPoint(mover, m[1], m[2]);
            waitDot(ann, m[1], m[2], m[0]);
            waitDot(bob, m[1], m[2], m[0]);
        }
        waiting(ann).until(d -> text(d, "score1").equals("1"));
        assertThat(text(bob, "score1")).isEqualTo("1");
        assertThat(text(bob, "score2")).isEqualTo("0");
        assertThat(js(ann, "return window.dots.state.game.zones.length")).isEqualTo(1L);
        shot(ann, "3-capture");
        shot(bob, "3-capture-phone");

        // a move on the captured dot's point is refused and changes nothing
        waiting(bob).until(d -> text(d, "turn").equals("Your move"));
        js(bob, "window.dots.state.game.captured[6][6] = 0; window.dots.state.game.color[6][6] = 0;"); // let the page try it
        clickPoint(bob, 6, 6);
        waiting(bob).until(d -> text(d, "message").contains("not free"));

        click(bob, By.id("offer-draw"));
        waiting(ann).until(d -> d.findElement(By.id("offer-dialog")).isDisplayed());
        assertThat(text(ann, "offer-text")).contains("bob offers a draw");
        shot(ann, "4-draw-offered");
        click(ann, By.id("offer-decline"));
        waiting(bob).until(d -> text(d, "message").contains("declined"));

        // ann ends the game at the score once her invitation's 2 s have passed (tests' clock)
        waiting(ann).until(d -> {
            click(d, By.id("offer-score"));
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return bob.findElement(By.id("offer-dialog")).isDisplayed();
        });
        assertThat(text(bob, "offer-text")).contains("end the game at this score (1:0)");
        click(bob, By.id("offer-accept"));
        for (WebDriver d : List.of(ann, bob)) {
            waiting(d).until(x -> x.findElement(By.id("gameover-dialog")).isDisplayed());
        }
        assertThat(text(ann, "gameover-text")).startsWith("You won, 1 : 0");
        assertThat(text(bob, "gameover-text")).startsWith("You lost, 1 : 0");
        shot(ann, "5-game-over");
        shot(bob, "5-game-over-phone");

        click(ann, By.id("back"));
        click(bob, By.id("back"));
        // Elo, K = 25 for both at 1600: ann 1600 + 25 * 0.5 = 1612.5 -> 1613, bob 1587.5 -> 1588
        waiting(ann).until(d -> text(d, "me").equals("ann (1613)"));
        waiting(bob).until(d -> text(d, "me").equals("bob (1588)"));
        waiting(ann).until(d -> !d.findElements(By.xpath("//tr[@data-name='bob']/td[text()='1588']")).isEmpty());
        shot(ann, "6-lobby-new-ratings");
        shot(bob, "6-lobby-new-ratings-phone");
        long annId = Long.parseLong((String) js(ann, "return window.dots.state.id"));
        assertThat(server.accounts.account(annId).orElseThrow().rating()).isEqualTo(1613);
    }
}
