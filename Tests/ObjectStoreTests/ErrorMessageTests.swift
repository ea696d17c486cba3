import Foundation
import ObjectStore
import Testing

/// Each error's message in full: sentences that say what went wrong, where, and what to do.
@MainActor @Suite struct ErrorMessageTests {
    @Test func storeErrorsNameTheFileAndWhatToDo() {
        #expect(
            ObjectStoreError.cannotOpenStore(path: "/data/Scores.sqlite", reason: "the directory /data does not exist").description
                == "Cannot open the store at /data/Scores.sqlite: the directory /data does not exist. Check that the directory exists and is writable."
        )
        // A reason that is a sentence of its own loses its period inside the message.
        #expect(
            ObjectStoreError.storeFailure(path: "/data/Scores.sqlite", reason: "The disk is full.").description
                == "Reading or writing the store at /data/Scores.sqlite failed: The disk is full. Check the file and the disk, then retry."
        )
    }

    @Test func conflictsAndValidationFailuresAreSentencesBetweenWhatHappenedAndWhatToDo() throws {
        let container = try TestModel.inMemory()
        let first = try container.viewContext.insertEvent(code: "a").objectID
        let second = try container.viewContext.insertEvent(code: "b").objectID
        let conflicts = [
            SaveConflict(objectID: first, keys: ["title", "code"], kind: .updatedElsewhere),
            SaveConflict(objectID: second, keys: [], kind: .deletedElsewhere),
        ]
        #expect(conflicts[0].description == "The object \(first) was changed by another context (keys: code, title).")
        #expect(
            ObjectStoreError.saveConflict(conflicts).description
                == "The save conflicts with changes another context saved. The object \(first) was changed by another context (keys: code, title). "
                + "The object \(second) was deleted by another context. Refresh the objects (or choose a merge policy) and save again."
        )
        let failures: [ValidationFailure] = [
            .missingValue(first, key: "code"),
            .uniquenessViolated(entity: "Sport", keys: ["name"]),
        ]
        #expect(failures[0].description == "The object \(first) has no value for the non-optional key 'code'.")
        #expect(
            ObjectStoreError.validation(failures).description
                == "The save breaks rules of the model. The object \(first) has no value for the non-optional key 'code'. "
                + "Two Sport objects share the same value for the unique key(s) name. Fix the values and save again."
        )
    }

    @Test func predicateErrorsQuoteTheFormatAndSayWhatToWrite() {
        let error = FetchPredicateError.unusedArguments(2, format: "name == %@")
        #expect(error.description == "The format \"name == %@\" leaves 2 argument(s) unused; pass one argument per specifier.")
        let mismatch = FetchPredicateError.typeMismatch(entity: "Player", key: "name", reason: "compares text with number; compare keys of one type")
        #expect(
            ObjectStoreError.invalidFetchRequest(mismatch).description
                == "The fetch request is invalid. Type mismatch on Player.name: compares text with number; compare keys of one type."
        )
    }
}
