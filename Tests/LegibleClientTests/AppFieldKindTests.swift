import LegibleClient
import Testing

@Suite("The documentAI app's field kinds")
struct AppFieldKindTests {
    @Test(arguments: [
        (FieldType.multiline, "Comments", AppFieldKind.textarea),
        (.checkbox, "I agree", .checkbox),
        (.date, "Date of birth", .date),
        (.number, "Amount", .number),
        (.signature, "Signature", .text),
        (.text, "Full name", .text),
        (.unknown, "", .text),
    ])
    func typesMapOntoKinds(type: FieldType, label: String, kind: AppFieldKind) {
        #expect(AppFieldKind(fieldType: type, label: label) == kind)
    }

    @Test(arguments: [
        ("E-mail address", AppFieldKind.email), ("Email", .email), ("Adresse courriel", .email),
        ("Correo electrónico", .email), ("Phone number", .phone), ("Tel.", .phone), ("Mobile", .phone),
        ("Téléphone", .phone), ("Teléfono", .phone), ("Telefon", .phone), ("Fax", .phone),
        // Words that only contain one of those are not one.
        ("Mailing address", .text), ("Cellar", .text), ("Hotel", .text), ("Telegraph", .text),
    ])
    func textLabelsNameEmailAndPhone(label: String, kind: AppFieldKind) {
        #expect(AppFieldKind(fieldType: .text, label: label) == kind)
    }

    /// A date or number field stays one whatever its label says.
    @Test func onlyTextFieldsTakeTheirKindFromTheLabel() {
        #expect(AppFieldKind(fieldType: .number, label: "Phone") == .number)
        #expect(AppFieldKind(fieldType: .multiline, label: "Email") == .textarea)
    }
}
