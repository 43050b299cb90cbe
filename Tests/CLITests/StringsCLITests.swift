import Foundation
import Testing

/// One line `strings` must write: the string, the variant and the text as read by hand from the
/// catalog in fixtures/strings, and the options its measurement takes (batch's field names).
struct ExpectedString: CustomStringConvertible {
    var key: String
    var locale: String
    var variant: String
    var text: String
    var options: [String: Any] = [:]

    var description: String { "\(key) \(locale) \(variant): \(text)" }
}

/// `textheight strings` over the sample app. Every expected text is written here from the catalog
/// files; every expected measurement is what `textheight batch` gives that text with the same
/// options (width, limits, the locale as --lang, its fallback font), never `strings`' own output.
@Suite("textheight strings: the sample app")
struct StringsCLITests {
    static let cjk = "fixtures/fonts/NotoSansCJKsc-Regular.subset.otf"
    static let arabic = "fixtures/fonts/NotoSansArabic-Regular.ttf"
    /// The fallback each locale gets in these tests (no fontconfig: `*=none`).
    static let fonts = ["--locale-font", "ja=\(cjk)", "--locale-font", "zh-TW=\(cjk)", "--locale-font", "ar=\(arabic)",
                        "--locale-font", "*=none"]
    static let localeFonts = ["ja": cjk, "zh-TW": cjk, "ar": arabic]

    /// Runs `strings` and checks its stdout line by line against `expected`: the same strings in
    /// the same order, each line's measurement fields byte for byte batch's, `fits` = not scrolling.
    func check(_ arguments: [String], model: [String: Any] = [:], width: Double, _ expected: [ExpectedString],
               status: Int32) throws {
        let run = try CLIRun(["strings"] + arguments + StringsCLITests.fonts)
        #expect(run.status == status, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let got = try lines.map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return "\(object["key"] ?? "") \(object["locale"] ?? "") \(object["variant"] ?? ""): \(object["text"] ?? "")"
        }
        #expect(got == expected.map(\.description))
        guard got == expected.map(\.description) else { return }
        var cases = ""
        for e in expected {
            var c: [String: Any] = model.merging(["text": e.text, "width": width, "lang": e.locale]) { $1 }
            c.merge(e.options) { $1 }
            if let font = StringsCLITests.localeFonts[e.locale] { c["fallback"] = [font] }
            cases += String(decoding: try JSONSerialization.data(withJSONObject: c, options: [.sortedKeys]), as: UTF8.self) + "\n"
        }
        let batch = try CLIRun(["batch", "--jobs", "1"], stdin: Data(cases.utf8))
        #expect(batch.status == 0, "\(batch.stdout)")
        let measured = batch.stdout.split(separator: "\n").map(String.init)
        #expect(measured.count == expected.count)
        for (line, (batchLine, e)) in zip(lines, zip(measured, expected)) {
            // `…,"limitFrom":[…],"boxHeight":…}` against batch's `{"boxHeight":…}`.
            guard let start = line.range(of: #","boxHeight":"#) else { Issue.record("no measurement: \(line)"); continue }
            #expect(String(line[line.index(after: start.lowerBound)...]) == String(batchLine.dropFirst()), "\(e)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(batchLine.utf8)) as? [String: Any])
            let fits = object["scrolls"] as? Bool == false && object["overflowingLines"] == nil
            #expect(line.contains(#""fits":\#(fits)"#), "\(e)")
        }
    }

    @Test("Apple String Catalog: plurals per locale (ru one/few/many/other, ja other only, ar all six), substitutions, devices")
    func xcstrings() throws {
        let one = ["maxLines": 1]
        var rows: [ExpectedString] = []
        let key = "%#@photos@ in %#@albums@"
        for (p, pn) in [("one", "1"), ("other", "0")] {
            for (a, an) in [("one", "1"), ("other", "0")] {
                rows.append(.init(key: key, locale: "en", variant: "photos:\(p),albums:\(a)",
                                  text: "\(pn) photo\(p == "one" ? "" : "s") in \(an) album\(a == "one" ? "" : "s")"))
            }
        }
        // CLDR ru: one 1, few 2, many 0, other only fractions (1.5); albums has only one and other texts.
        let ru = [("one", "1"), ("few", "2"), ("many", "0"), ("other", "1.5")]
        for (p, pn) in ru {
            for (a, an) in ru {
                rows.append(.init(key: key, locale: "ru", variant: "photos:\(p),albums:\(a)",
                                  text: "\(pn) фото в \(an) \(a == "one" ? "альбоме" : "альбомах")"))
            }
        }
        let messages = "%lld new messages"
        rows += [
            .init(key: messages, locale: "ar", variant: "plural:zero", text: "لا توجد رسائل جديدة", options: one),
            .init(key: messages, locale: "ar", variant: "plural:one", text: "رسالة جديدة واحدة", options: one),
            .init(key: messages, locale: "ar", variant: "plural:two", text: "رسالتان جديدتان", options: one),
            .init(key: messages, locale: "ar", variant: "plural:few", text: "3 رسائل جديدة", options: one),
            .init(key: messages, locale: "ar", variant: "plural:many", text: "11 رسالة جديدة", options: one),
            .init(key: messages, locale: "ar", variant: "plural:other", text: "100 رسالة جديدة", options: one),
            .init(key: messages, locale: "de", variant: "plural:one", text: "1 neue Nachricht", options: one),
            .init(key: messages, locale: "de", variant: "plural:other", text: "0 neue Nachrichten", options: one),
            .init(key: messages, locale: "en", variant: "plural:one", text: "1 new message", options: one),
            .init(key: messages, locale: "en", variant: "plural:other", text: "0 new messages", options: one),
            .init(key: messages, locale: "ja", variant: "plural:other", text: "新しいメッセージ0件", options: one),
            .init(key: messages, locale: "ru", variant: "plural:one", text: "1 новое сообщение", options: one),
            .init(key: messages, locale: "ru", variant: "plural:few", text: "2 новых сообщения", options: one),
            .init(key: messages, locale: "ru", variant: "plural:many", text: "0 новых сообщений", options: one),
            .init(key: messages, locale: "ru", variant: "plural:other", text: "1.5 нового сообщения", options: one),
            .init(key: "compose.send.hint", locale: "ar", variant: "", text: "اضغط على زر الإرسال", options: one),
            .init(key: "compose.send.hint", locale: "de", variant: "", text: "Zum Senden die Eingabetaste drücken", options: one),
            .init(key: "compose.send.hint", locale: "en", variant: "", text: "Press Return to send", options: one),
            .init(key: "compose.send.hint", locale: "ja", variant: "", text: "Returnキーで送信", options: one),
            .init(key: "compose.send.hint", locale: "ru", variant: "", text: "Нажмите Return, чтобы отправить сообщение", options: one),
            // No en localization: the key is the source text; %@ takes the stated default.
            .init(key: "Reply to %@", locale: "en", variant: "", text: "Reply to Alexandra"),
            .init(key: "Reply to %@", locale: "ar", variant: "", text: "الرد على Alexandra"),
            .init(key: "Reply to %@", locale: "de", variant: "", text: "Antwort an Alexandra"),
            .init(key: "Reply to %@", locale: "ja", variant: "", text: "Alexandraに返信"),
            .init(key: "Reply to %@", locale: "ru", variant: "", text: "Ответить Alexandra"),
            .init(key: "settings.title", locale: "de", variant: "device:ipad", text: "Einstellungen und Datenschutz"),
            .init(key: "settings.title", locale: "de", variant: "device:other", text: "Einstellungen"),
            .init(key: "settings.title", locale: "en", variant: "device:ipad", text: "Settings and Privacy"),
            .init(key: "settings.title", locale: "en", variant: "device:other", text: "Settings"),
            .init(key: "version", locale: "en", variant: "", text: "Version 2.0 (100%)"),
        ]
        try check(["fixtures/strings/ios", "--width", "240", "--limits", "fixtures/strings/limits.json"], width: 240, rows,
                  status: 1)
    }

    @Test("Android resources: locales from folders, aapt2's escapes, xliff:g examples from values/, int-only plurals")
    func android() throws {
        let hint: [String: Any] = ["width": 190, "maxLines": 1]
        let chats = "unread_chats"
        let rows: [ExpectedString] = [
            .init(key: "compose_hint", locale: "ar", variant: "", text: "اكتب رسالة…", options: hint),
            .init(key: chats, locale: "ar", variant: "plural:zero", text: "لا توجد محادثات غير مقروءة"),
            .init(key: chats, locale: "ar", variant: "plural:one", text: "محادثة واحدة غير مقروءة"),
            .init(key: chats, locale: "ar", variant: "plural:two", text: "محادثتان غير مقروءتين"),
            .init(key: chats, locale: "ar", variant: "plural:few", text: "3 محادثات غير مقروءة"),
            .init(key: chats, locale: "ar", variant: "plural:many", text: "11 محادثة غير مقروءة"),
            .init(key: chats, locale: "ar", variant: "plural:other", text: "100 محادثة غير مقروءة"),
            .init(key: chats, locale: "sr-Latn", variant: "plural:one", text: "1 nepročitano ćaskanje"),
            .init(key: chats, locale: "sr-Latn", variant: "plural:few", text: "2 nepročitana ćaskanja"),
            .init(key: chats, locale: "sr-Latn", variant: "plural:other", text: "0 nepročitanih ćaskanja"),
            .init(key: "compose_hint", locale: "de", variant: "", text: "Schreib eine Nachricht…", options: hint),
            // values-de has no example: values/'s <xliff:g example="Mia"> fills %1$s.
            .init(key: "welcome", locale: "de", variant: "", text: "Willkommen bei Chat, Mia!"),
            .init(key: chats, locale: "de", variant: "plural:one", text: "1 ungelesener Chat"),
            .init(key: chats, locale: "de", variant: "plural:other", text: "0 ungelesene Chats"),
            .init(key: "compose_hint", locale: "ja", variant: "", text: "メッセージを入力", options: hint),
            .init(key: chats, locale: "ja", variant: "plural:other", text: "未読の会話0件"),
            .init(key: "compose_hint", locale: "ru", variant: "", text: "Напишите сообщение…", options: hint),
            // Russian other holds only fractions; getQuantityString takes an int: not measured.
            .init(key: chats, locale: "ru", variant: "plural:one", text: "1 непрочитанный чат"),
            .init(key: chats, locale: "ru", variant: "plural:few", text: "2 непрочитанных чата"),
            .init(key: chats, locale: "ru", variant: "plural:many", text: "0 непрочитанных чатов"),
            .init(key: "compose_hint", locale: "zh-TW", variant: "", text: "輸入訊息…", options: hint),
            .init(key: "compose_hint", locale: "en", variant: "", text: "Write a message…", options: hint),
            .init(key: "mention_tip", locale: "en", variant: "", text: "Don't forget: \"quotes\" and @mentions\nthen → send"),
            .init(key: "spaces", locale: "en", variant: "", text: "Lots of space"),
            .init(key: "welcome", locale: "en", variant: "", text: "Welcome to Chat, Mia!"),
            .init(key: "terms", locale: "en", variant: "", text: "By continuing you accept the <b>Terms</b>"),
            .init(key: chats, locale: "en", variant: "plural:one", text: "1 unread chat"),
            .init(key: chats, locale: "en", variant: "plural:other", text: "0 unread chats"),
            .init(key: "reactions", locale: "en", variant: "item:0", text: "Like"),
            .init(key: "reactions", locale: "en", variant: "item:1", text: "Love"),
            .init(key: "reactions", locale: "en", variant: "item:2", text: "Laugh out loud"),
        ]
        try check(["fixtures/strings/android", "--model", "android", "--width", "240", "--limits", "fixtures/strings/limits.json"],
                  model: ["model": "android"], width: 240, rows, status: 1)
    }

    @Test("Flutter ARB: =0/=1 before the categories, select × plural with #, template examples, an undeclared placeholder as written")
    func arb() throws {
        let reply: [String: Any] = ["width": 180, "maxLines": 1]
        let one = ["maxLines": 1]
        let n = "newMessages"
        var rows: [ExpectedString] = [
            .init(key: "composeHint", locale: "ar", variant: "", text: "رسالة"),
            .init(key: "replyTo", locale: "ar", variant: "", text: "الرد على Zoë Washburne", options: reply),
            .init(key: n, locale: "ar", variant: "count:zero", text: "لا توجد رسائل جديدة", options: one),
            .init(key: n, locale: "ar", variant: "count:one", text: "رسالة جديدة واحدة", options: one),
            .init(key: n, locale: "ar", variant: "count:two", text: "رسالتان جديدتان", options: one),
            .init(key: n, locale: "ar", variant: "count:few", text: "3 رسائل جديدة", options: one),
            .init(key: n, locale: "ar", variant: "count:many", text: "11 رسالة جديدة", options: one),
            .init(key: n, locale: "ar", variant: "count:other", text: "100 رسالة جديدة", options: one),
            .init(key: "composeHint", locale: "de", variant: "", text: "Nachricht"),
            .init(key: "replyTo", locale: "de", variant: "", text: "Antwort an Zoë Washburne", options: reply),
            // de/en one is only 1, which =1 takes; other without 0 (=0) and 1 is 2.
            .init(key: n, locale: "de", variant: "count:=0", text: "Keine neuen Nachrichten", options: one),
            .init(key: n, locale: "de", variant: "count:=1", text: "Eine neue Nachricht", options: one),
            .init(key: n, locale: "de", variant: "count:other", text: "2 neue Nachrichten", options: one),
        ]
        let de = ["female": ("Sie hat ein Foto hinzugefügt", "Sie hat 0 Fotos hinzugefügt"),
                  "male": ("Er hat ein Foto hinzugefügt", "Er hat 0 Fotos hinzugefügt"),
                  "other": ("Ein Foto wurde hinzugefügt", "0 Fotos wurden hinzugefügt")]
        for sex in ["female", "male", "other"] {
            rows.append(.init(key: "photoAdded", locale: "de", variant: "sex:\(sex),count:one", text: de[sex]?.0 ?? ""))
            rows.append(.init(key: "photoAdded", locale: "de", variant: "sex:\(sex),count:other", text: de[sex]?.1 ?? ""))
        }
        rows += [
            .init(key: "dontStop", locale: "de", variant: "", text: "Schreib weiter, nicht aufhören"),
            .init(key: "composeHint", locale: "en", variant: "", text: "Message"),
            .init(key: "replyTo", locale: "en", variant: "", text: "Reply to Zoë Washburne", options: reply),
            .init(key: n, locale: "en", variant: "count:=0", text: "No new messages", options: one),
            .init(key: n, locale: "en", variant: "count:=1", text: "One new message", options: one),
            .init(key: n, locale: "en", variant: "count:other", text: "2 new messages", options: one),
        ]
        for (sex, who) in [("female", "She"), ("male", "He"), ("other", "They")] {
            rows.append(.init(key: "photoAdded", locale: "en", variant: "sex:\(sex),count:one", text: "\(who) added a photo"))
            rows.append(.init(key: "photoAdded", locale: "en", variant: "sex:\(sex),count:other", text: "\(who) added 0 photos"))
        }
        rows += [
            .init(key: "dontStop", locale: "en", variant: "", text: "Don't stop typing"),
            .init(key: "composeHint", locale: "ja", variant: "", text: "メッセージ"),
            .init(key: "replyTo", locale: "ja", variant: "", text: "Zoë Washburneさんに返信", options: reply),
            // ja: other only; its smallest, 0, is =0's: 1.
            .init(key: n, locale: "ja", variant: "count:=0", text: "新しいメッセージはありません", options: one),
            .init(key: n, locale: "ja", variant: "count:other", text: "新しいメッセージ1件", options: one),
            .init(key: "composeHint", locale: "ru", variant: "", text: "Сообщение"),
            .init(key: "replyTo", locale: "ru", variant: "", text: "Ответ для Zoë Washburne от {sender}", options: reply),
            .init(key: n, locale: "ru", variant: "count:one", text: "1 новое сообщение", options: one),
            .init(key: n, locale: "ru", variant: "count:few", text: "2 новых сообщения", options: one),
            .init(key: n, locale: "ru", variant: "count:many", text: "0 новых сообщений", options: one),
            .init(key: n, locale: "ru", variant: "count:other", text: "1.5 нового сообщения", options: one),
        ]
        try check(["fixtures/strings/flutter", "--model", "flutter", "--width", "240", "--limits", "fixtures/strings/limits.json"],
                  model: ["model": "flutter"], width: 240, rows, status: 1)
    }

    @Test("XLIFF: Xcode's variation units, Angular's ICU, maxwidth in pixels, maxheight in pixels and rows, char not applied")
    func xliff() throws {
        let group: [String: Any] = ["width": 200, "maxHeight": 58]
        let rowLimit = ["maxLines": 1]
        let rows: [ExpectedString] = [
            .init(key: "composer.hint", locale: "en-US", variant: "", text: "Write to Alexandra", options: group),
            .init(key: "composer.hint", locale: "ar", variant: "", text: "اكتب إلى Alexandra", options: group),
            .init(key: "inbox.count", locale: "en-US", variant: "VAR_PLURAL:=0", text: "No messages", options: group),
            .init(key: "inbox.count", locale: "en-US", variant: "VAR_PLURAL:=1", text: "One message", options: group),
            .init(key: "inbox.count", locale: "en-US", variant: "VAR_PLURAL:other", text: "2 messages", options: group),
            .init(key: "inbox.count", locale: "ar", variant: "VAR_PLURAL:zero", text: "لا رسائل", options: group),
            .init(key: "inbox.count", locale: "ar", variant: "VAR_PLURAL:one", text: "رسالة واحدة", options: group),
            .init(key: "inbox.count", locale: "ar", variant: "VAR_PLURAL:two", text: "رسالتان", options: group),
            .init(key: "inbox.count", locale: "ar", variant: "VAR_PLURAL:few", text: "3 رسائل", options: group),
            .init(key: "inbox.count", locale: "ar", variant: "VAR_PLURAL:many", text: "11 رسالة", options: group),
            .init(key: "inbox.count", locale: "ar", variant: "VAR_PLURAL:other", text: "100 رسالة", options: group),
            .init(key: "banner.offline", locale: "en-US", variant: "", text: "You are offline. Messages will be sent when you reconnect.",
                  options: rowLimit),
            .init(key: "banner.offline", locale: "ar", variant: "", text: "أنت غير متصل. سيتم إرسال الرسائل عند إعادة الاتصال.",
                  options: rowLimit),
            .init(key: "%lld new messages", locale: "en", variant: "plural:one", text: "1 new message", options: rowLimit),
            .init(key: "%lld new messages", locale: "en", variant: "plural:other", text: "0 new messages", options: rowLimit),
            .init(key: "%lld new messages", locale: "de", variant: "plural:one", text: "1 neue Nachricht", options: rowLimit),
            .init(key: "%lld new messages", locale: "de", variant: "plural:other", text: "0 neue Nachrichten", options: rowLimit),
            // The unit's maxwidth (200 px) over limits.json's compose.* maxLines 1.
            .init(key: "compose.send.hint", locale: "en", variant: "", text: "Press Return to send", options: ["width": 200, "maxLines": 1]),
            .init(key: "compose.send.hint", locale: "de", variant: "", text: "Zum Senden die Eingabetaste drücken",
                  options: ["width": 200, "maxLines": 1]),
            .init(key: "Reply to %@", locale: "en", variant: "", text: "Reply to Alexandra", options: rowLimit),
            .init(key: "Reply to %@", locale: "de", variant: "", text: "Antwort an Alexandra schreiben, bevor der Chat geschlossen wird",
                  options: rowLimit),
            // maxwidth="12" size-unit="char": reported, not applied.
            .init(key: "settings.title", locale: "en", variant: "", text: "Settings"),
            .init(key: "settings.title", locale: "de", variant: "", text: "Einstellungen"),
        ]
        try check(["fixtures/strings/web", "fixtures/strings/xliff", "--model", "css", "--width", "240",
                   "--limits", "fixtures/strings/limits.json"], model: ["model": "css"], width: 240, rows, status: 1)
        let run = try CLIRun(["strings", "fixtures/strings/xliff", "--width", "240"] + StringsCLITests.fonts)
        #expect(run.stderr.contains("note: fixtures/strings/xliff/de.xliff:25: 'settings.title': maxwidth 12 (size-unit char) not applied"))
    }
}

@Suite("textheight strings: bad input, files, fonts, report")
struct StringsCommandTests {
    /// A scratch copy of fixtures/strings (removed by the caller).
    func copyOfSampleApp() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CLIRun.root + "/fixtures/strings"), to: dir.appendingPathComponent("app"))
        return dir
    }

    /// Every file below `dir` with its size and modification time.
    func listing(_ dir: URL) throws -> [String] {
        var out: [String] = []
        let enumerator = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey])
        while let url = enumerator?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
            out.append("\(url.path) \(values.fileSize ?? -1) \(values.contentModificationDate?.timeIntervalSince1970 ?? 0)")
        }
        return out.sorted()
    }

    @Test("a malformed catalog names file:line:column, gives nothing, and the others are still checked (exit 4)")
    func malformed() throws {
        let dir = try copyOfSampleApp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("app/android/app/src/main/res/values-fr")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try Data("<resources>\n  <string name=\"a\">Bonjour</strin>\n</resources>\n".utf8).write(to: bad.appendingPathComponent("strings.xml"))
        let run = try CLIRun(["strings", dir.path + "/app/android", "--width", "240"] + StringsCLITests.fonts)
        #expect(run.status == 4)
        #expect(run.stderr.hasPrefix("textheight: \(bad.path)/strings.xml:2:35: XML: Opening and ending tag mismatch: string line 2 and strin\n"))
        #expect(!run.stdout.contains("values-fr"))
        #expect(run.stdout.contains("values-de"))
        #expect(run.stderr.contains("(7 catalogs read, 1 unreadable)\n"))
    }

    @Test("bytes the declared encoding cannot convert: one located line from textheight, nothing from libxml2 itself")
    func encoding() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-enc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let values = dir.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let bytes = Array("<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n<resources><string name=\"a\">".utf8) + [0xC4, 0x8D]
            + Array("it</string></resources>\n".utf8)
        try Data(bytes).write(to: values.appendingPathComponent("strings.xml"))
        let run = try CLIRun(["strings", dir.path, "--width", "200", "--locale-font", "*=none"])
        #expect(run.status == 4)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("textheight: \(values.path)/strings.xml:2:") == true)
        #expect(lines.dropFirst().joined(separator: "\n") == """
            locale  strings  variants  do not fit
            all           0         0           0
            no variant measured (0 catalogs read, 1 unreadable)
            """)
    }

    @Test("nothing is written beside the catalogs; --report writes one page and a picture per string that does not fit")
    func report() throws {
        let dir = try copyOfSampleApp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try listing(dir.appendingPathComponent("app"))
        let report = dir.appendingPathComponent("report")
        let run = try CLIRun(["strings", dir.path + "/app", "--width", "240", "--limits", dir.path + "/app/limits.json",
                              "--report", report.path] + StringsCLITests.fonts)
        #expect(run.status == 1)
        #expect(try listing(dir.appendingPathComponent("app")) == before)
        let overflows = run.stdout.split(separator: "\n").filter { $0.contains(#""fits":false"#) }.count
        #expect(overflows > 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: report.path)
        #expect(files.filter { $0.hasSuffix(".png") }.count == overflows)
        let page = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<h1>textheight strings: \(overflows) variants do not fit</h1>"))
        #expect(page.contains("Zum Senden die Eingabetaste drücken"))
        #expect(run.stderr.hasSuffix("report: \(report.path)/index.html\n"))
        // Everything fits: no report is written.
        let quiet = dir.appendingPathComponent("quiet")
        let fits = try CLIRun(["strings", dir.path + "/app/ios", "--width", "1000", "--report", quiet.path] + StringsCLITests.fonts)
        #expect(fits.status == 0)
        #expect(!FileManager.default.fileExists(atPath: quiet.path))
        #expect(fits.stderr.hasSuffix("every variant fits (1 catalog read)\n"))
    }

    @Test("stderr: each string that does not fit with its line count against the limit, then a table per locale")
    func summary() throws {
        let run = try CLIRun(["strings", "fixtures/strings/ios", "--width", "240", "--limits", "fixtures/strings/limits.json"]
                             + StringsCLITests.fonts)
        #expect(run.stderr.contains("fixtures/strings/ios/Chat/Localizable.xcstrings:114: 'compose.send.hint' (de) does not fit: 2 lines, maxLines 1: \"Zum Senden die Eingabetaste drücken\"\n"))
        #expect(run.stderr.contains("note: fixtures/strings/ios/Chat/Localizable.xcstrings:90: '%lld new messages' (ja): 'plural' one: not a plural category of ja, not measured\n"))
        #expect(run.stderr.contains("""
            locale  strings  variants  do not fit
            ar            3         8           7
            de            4         6           1
            en            6        11           0
            ja            3         3           2
            ru            4        22           1
            all          20        50          11
            11 of 50 variants do not fit (1 catalog read)

            """))
    }

    @Test("the output does not depend on --jobs")
    func jobs() throws {
        let arguments = ["strings", "fixtures/strings", "--width", "240", "--limits", "fixtures/strings/limits.json"] + StringsCLITests.fonts
        let one = try CLIRun(arguments + ["--jobs", "1"])
        let three = try CLIRun(arguments + ["--jobs", "3"])
        #expect(one.stdout == three.stdout)
        #expect(one.stdout.split(separator: "\n").count == 146)
    }

    @Test("without --locale-font, fontconfig's font for the language: the fixture set gives Arabic one, Japanese none")
    func fontconfig() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-fc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let conf = """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>\(CLIRun.root)/fixtures/fonts</dir><cachedir>\(dir.path)</cachedir></fontconfig>
            """
        try conf.write(to: dir.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
        let run = try CLIRun(["strings", "fixtures/strings/android/app/src/main/res/values-ar",
                              "fixtures/strings/android/app/src/main/res/values-ja", "--width", "240"],
                             environment: ["FONTCONFIG_FILE": dir.appendingPathComponent("fonts.conf").path])
        let lines = run.stdout.split(separator: "\n")
        // DejaVu Sans is the fixture font fontconfig says covers ar; no fixture font covers ja's orthography.
        #expect(lines.filter { $0.contains(#""locale":"ar""#) }.allSatisfy { $0.contains(#""localeFont":"\#(CLIRun.root)/fixtures/fonts/DejaVuSans.ttf""#) })
        #expect(lines.filter { $0.contains(#""locale":"ja""#) }.allSatisfy { !$0.contains("localeFont") && $0.contains("missingGlyphs") })
        #expect(run.stderr.contains("note: ar falls back to \(CLIRun.root)/fixtures/fonts/DejaVuSans.ttf\n"))
        #expect(run.stderr.contains("with glyphs no font has (ja: add --locale-font)"))
    }

    @Test("an undeclared ARB placeholder is measured as written and reported on stderr")
    func unknownPlaceholder() throws {
        let run = try CLIRun(["strings", "fixtures/strings/flutter/lib/l10n", "--width", "240"] + StringsCLITests.fonts)
        #expect(run.stderr.contains("note: fixtures/strings/flutter/lib/l10n/app_ru.arb:4: 'replyTo' (ru): '{sender}' is no placeholder the catalog knows: measured as written\n"))
        #expect(run.stdout.contains(#""unknownPlaceholders":["{sender}"]"#))
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("bad command lines and limits files: one line, a documented code, no stdout", arguments: [
        Bad(arguments: ["strings", "--width", "240"], status: 2,
            message: "textheight: strings needs catalog files or directories: textheight strings app/ --width 343" + CLITests.usage),
        Bad(arguments: ["strings", "fixtures/strings"], status: 2,
            message: "textheight: strings needs --width (or a width per key in --limits)" + CLITests.usage),
        Bad(arguments: ["strings", "fixtures/strings", "--width", "240", "--locale-font", "ja"], status: 2,
            message: "textheight: --locale-font must be TAG=PATH (ja=fonts/NotoSansJP.otf, or TAG=none), got 'ja'" + CLITests.usage),
        Bad(arguments: ["strings", "fixtures/strings", "--width", "240", "--locale-font", "ja=fixtures/fonts/none.otf"], status: 3,
            message: "textheight: font 'fixtures/fonts/none.otf' does not exist\n"),
        Bad(arguments: ["strings", "Package.swift", "--width", "240"], status: 2,
            message: "textheight: 'Package.swift' is not a catalog textheight reads (.xcstrings, .xml, .arb, .xlf, .xliff)" + CLITests.usage),
        Bad(arguments: ["strings", "fixtures/none", "--width", "240"], status: 4,
            message: "textheight: cannot read 'fixtures/none': No such file or directory\n"),
        Bad(arguments: ["strings", "fixtures/fonts", "--width", "240"], status: 4,
            message: "textheight: found no catalog (.xcstrings, values*/strings.xml, .arb, .xlf, .xliff) in 'fixtures/fonts'\n"),
        Bad(arguments: ["strings", "fixtures/strings", "--limits", "fixtures/strings/README.md"], status: 2,
            message: "textheight: fixtures/strings/README.md:1:1: invalid JSON: unexpected character" + CLITests.usage),
        Bad(arguments: ["strings", "fixtures/strings", "--limits", "fixtures/strings/flutter/lib/l10n/app_en.arb"], status: 2,
            message: "textheight: fixtures/strings/flutter/lib/l10n/app_en.arb:2:15: '@@locale' must map to an object of options, got a string" + CLITests.usage),
    ])
    func bad(_ bad: Bad) throws {
        let run = try CLIRun(bad.arguments)
        #expect(run.status == bad.status)
        #expect(run.stderr == bad.message)
        #expect(run.stdout.isEmpty)
    }

    @Test("a limits field that is not an option, or a value its flag refuses, names the pattern")
    func badLimits() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\n  \"a*\": {\"maxLines\": 1},\n  \"b\": {\"maxLine\": 2}\n}\n".utf8).write(to: file)
        let run = try CLIRun(["strings", "fixtures/strings", "--limits", file.path])
        #expect(run.status == 2)
        #expect(run.stderr == "textheight: \(file.path):3:8: 'b': unknown field 'maxLine'" + CLITests.usage)
        try Data("{\"a\": {\"text\": \"x\"}}".utf8).write(to: file)
        #expect(try CLIRun(["strings", "fixtures/strings", "--limits", file.path]).stderr
                == "textheight: \(file.path):1:7: 'a': 'text' is not a measurement option" + CLITests.usage)
        try Data("{\"a\": {\"width\": -3}}".utf8).write(to: file)
        #expect(try CLIRun(["strings", "fixtures/strings", "--limits", file.path]).stderr
                == "textheight: \(file.path):1:7: 'a': --width must be a finite number ≥ 0 and ≤ 1000000, got '-3'" + CLITests.usage)
    }
}
